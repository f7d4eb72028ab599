// Writes a realistic ScanCode-toolkit scan of an npm-style tree: `files` files spread over
// `packages` node_modules packages, each with a package.json manifest, dependencies between
// packages, license detections, copyrights, emails and urls on a share of the files.
const { createWriteStream } = require('node:fs');
const { once } = require('node:events');
const { createHash } = require('node:crypto');

const LICENSES = [['mit', 'MIT'], ['apache-2.0', 'Apache-2.0'], ['isc', 'ISC'], ['bsd-3-clause', 'BSD-3-Clause'], ['gpl-2.0-plus', 'GPL-2.0-or-later']];
const ROOT = 'app-extract';

function pkgName(i) {
  return i % 7 === 0 ? `@scope${i % 13}/lib-${i}` : `lib-${i}`;
}

function purl(name, version) {
  return name.startsWith('@') ? `pkg:npm/${encodeURIComponent(name.split('/')[0])}/${name.split('/')[1]}@${version}` : `pkg:npm/${name}@${version}`;
}

function detection(i, path) {
  const [key, spdx] = LICENSES[i % LICENSES.length];
  return {
    license_expression: key,
    license_expression_spdx: spdx,
    matches: [{ license_expression: key, spdx_license_expression: spdx, from_file: path, start_line: 1, end_line: 20, matcher: '2-aho', score: 100.0, matched_length: 161, match_coverage: 100.0, rule_relevance: 100, rule_identifier: `${key}.LICENSE`, rule_url: null, matched_text: 'Permission is hereby granted, free of charge, to any person obtaining a copy of this software' }],
    identifier: `${key}-${createHash('sha1').update(key).digest('hex').slice(0, 8)}`,
  };
}

async function generateScan(path, { files = 50_000, packages = 500, depsPerPackage = 4 } = {}) {
  const out = createWriteStream(path);
  const write = async (s) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(`{"headers":[{"tool_name":"scancode-toolkit","tool_version":"32.3.0","options":{},"extra_data":{"files_count":${files}}}],\n"packages":[`);
  const pkgs = [];
  for (let p = 0; p < packages; p++) {
    const name = pkgName(p);
    const version = `${1 + (p % 5)}.${p % 10}.${p % 3}`;
    const uid = `${purl(name, version)}?uuid=${createHash('md5').update(String(p)).digest('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5')}`;
    const [key, spdx] = LICENSES[p % LICENSES.length];
    const dir = `${ROOT}/node_modules/${name}`;
    pkgs.push({ name, version, uid, dir });
    const record = {
      type: 'npm', namespace: name.startsWith('@') ? name.split('/')[0] : null, name: name.split('/').pop(), version, qualifiers: {}, subpath: null,
      primary_language: 'JavaScript', description: `Library number ${p}`, parties: [{ type: 'person', role: 'author', name: `Author ${p}`, email: `author${p}@example.com`, url: null }],
      keywords: ['bench'], homepage_url: `https://example.com/${name}`, download_url: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      declared_license_expression: key, declared_license_expression_spdx: spdx, extracted_license_statement: spdx, copyright: `Copyright (c) Author ${p}`,
      purl: purl(name, version), package_uid: uid, datafile_paths: [`${dir}/package.json`], datasource_ids: ['npm_package_json'],
    };
    await write((p ? ',\n' : '') + JSON.stringify(record));
  }
  await write('],\n"dependencies":[');
  let d = 0;
  for (let p = 0; p < packages; p++) {
    for (let k = 1; k <= depsPerPackage; k++) {
      const target = pkgs[(p + k * 17) % packages];
      const record = {
        purl: purl(target.name, target.version).replace(/@[^@]*$/, ''), extracted_requirement: `^${target.version}`, scope: k === depsPerPackage ? 'devDependencies' : 'dependencies',
        is_runtime: k !== depsPerPackage, is_optional: k === depsPerPackage, is_pinned: false, is_direct: true,
        dependency_uid: `${purl(target.name, target.version)}?uuid=dep-${p}-${k}`, for_package_uid: pkgs[p].uid, resolved_to_package_uid: target.uid,
        datafile_path: `${pkgs[p].dir}/package.json`, datasource_id: 'npm_package_json',
      };
      await write((d++ ? ',\n' : '') + JSON.stringify(record));
    }
  }
  await write(`],\n"files":[${JSON.stringify({ path: ROOT, type: 'directory', name: ROOT })}`);
  const perPackage = Math.ceil(files / packages);
  for (let i = 0; i < files; i++) {
    const pkg = pkgs[Math.floor(i / perPackage) % packages];
    const local = i % perPackage;
    const name = local === 0 ? 'package.json' : local === 1 ? 'LICENSE' : `lib/module-${local}.js`;
    const path = `${pkg.dir}/${name}`;
    const licensed = local === 1 || i % 5 === 0;
    const sha1 = createHash('sha1').update(path).digest('hex');
    const record = {
      path, type: 'file', name: name.split('/').pop(), base_name: name.split('/').pop().replace(/\.[^.]*$/, ''), extension: name.includes('.') ? name.slice(name.lastIndexOf('.')) : '',
      size: 1000 + (i % 5000), sha1, md5: sha1.slice(0, 32), sha256: sha1 + sha1.slice(0, 24), sha1_git: sha1, mime_type: 'text/plain', file_type: 'ASCII text',
      programming_language: name.endsWith('.js') ? 'JavaScript' : '', is_binary: false, is_text: true, is_archive: false, is_media: false, is_source: name.endsWith('.js'), is_script: false,
      package_data: [], for_packages: [pkg.uid],
      detected_license_expression: licensed ? detection(i, path).license_expression : null,
      detected_license_expression_spdx: licensed ? detection(i, path).license_expression_spdx : null,
      license_detections: licensed ? [detection(i, path)] : [], license_clues: [], percentage_of_license_text: licensed ? 12.5 : 0,
      copyrights: i % 10 === 0 ? [{ copyright: `Copyright (c) 2024 Author ${i}`, start_line: 1, end_line: 1 }] : [],
      holders: i % 10 === 0 ? [{ holder: `Author ${i}`, start_line: 1, end_line: 1 }] : [], authors: [],
      emails: i % 20 === 0 ? [{ email: `dev${i}@example.com`, start_line: 3, end_line: 3 }] : [],
      urls: i % 8 === 0 ? [{ url: `https://example.com/${i}`, start_line: 4, end_line: 4 }] : [],
      is_legal: local === 1, is_manifest: local === 0, is_readme: false, is_top_level: false, is_key_file: local <= 1, scan_errors: [],
    };
    await write(`,\n${JSON.stringify(record)}`);
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  return { files, packages, dependencies: d };
}

module.exports = { generateScan };
