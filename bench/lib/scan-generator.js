// Writes a realistic ScanCode-toolkit scan (output format 4.0.0, as `scancode --json` with
// --info --license --copyright --email --url --package) of a polyglot application: its own
// sources under src/, npm packages under node_modules/, PyPI packages under
// vendor/python/site-packages/, Maven artifacts under third_party/maven/. Streamed to disk one
// record at a time: memory does not depend on the size of the scan.
//
// `resources` is the number of project resources the scan yields once loaded (files and
// directories, the scan root excluded, as load_inventory strips it); `packages` the number of
// top-level packages (half npm, 30% PyPI, 20% Maven), each with ~`depsPerPackage` dependencies
// (90% resolved to another package of the scan). Files inside a package directory list it in
// `for_packages`. A seeded PRNG makes the output the same on every run.
const { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { once } = require('node:events');
const { createHash } = require('node:crypto');

const GENERATOR_VERSION = 1;
const ROOT = 'polyglot-app-1.4.2.tgz-extract';

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (algo, s) => createHash(algo).update(s).digest('hex');
const uuidOf = (s) => hex('md5', s).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');

// [scancode key, SPDX id, full-text rule, weight]
const LICENSES = [
  ['mit', 'MIT', 'mit.LICENSE', 40],
  ['apache-2.0', 'Apache-2.0', 'apache-2.0.LICENSE', 25],
  ['bsd-new', 'BSD-3-Clause', 'bsd-new.LICENSE', 10],
  ['isc', 'ISC', 'isc.LICENSE', 8],
  ['bsd-simplified', 'BSD-2-Clause', 'bsd-simplified.LICENSE', 5],
  ['gpl-2.0-plus', 'GPL-2.0-or-later', 'gpl-2.0-plus.LICENSE', 4],
  ['lgpl-2.1-plus', 'LGPL-2.1-or-later', 'lgpl-2.1-plus.LICENSE', 3],
  ['mpl-2.0', 'MPL-2.0', 'mpl-2.0.LICENSE', 3],
  ['epl-2.0', 'EPL-2.0', 'epl-2.0.LICENSE', 2],
];
const LICENSE_WEIGHT = LICENSES.reduce((s, l) => s + l[3], 0);
const LICENSE_TEXT = {
  mit: 'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction',
  'apache-2.0': 'Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance with the License.',
  'bsd-new': 'Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met',
};

const FIRST = ['Ada', 'Linus', 'Grace', 'Guido', 'Sindre', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia', 'Bjarne', 'Frances', 'James', 'Hedy', 'Anders', 'Joan'];
const LAST = ['Lovelace', 'Torvalds', 'Hopper', 'van Rossum', 'Sorhus', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Perlman', 'Stroustrup', 'Allen', 'Gosling', 'Lamarr', 'Hejlsberg', 'Clarke'];
const ORGS = ['The Apache Software Foundation', 'Eclipse Foundation', 'Python Software Foundation', 'OpenJS Foundation', 'Acme Corp.', 'Initech GmbH'];
const WORDS = ['core', 'utils', 'parser', 'http', 'stream', 'cache', 'config', 'logger', 'crypto', 'schema', 'codec', 'async', 'path', 'events', 'retry', 'yaml', 'json', 'buffer', 'socket', 'query', 'router', 'auth', 'metrics', 'pool', 'graph', 'text', 'time', 'color', 'glob', 'mime'];

const ECOSYSTEMS = {
  npm: {
    container: 'node_modules', language: 'JavaScript', datasource: 'npm_package_json', manifest: 'package.json', srcDir: 'lib',
    sources: [['.js', 'JavaScript', 'application/javascript', 'JavaScript source, ASCII text', 6], ['.d.ts', 'TypeScript', 'text/plain', 'ASCII text', 2], ['.json', '', 'application/json', 'JSON data', 1], ['.md', '', 'text/plain', 'ASCII text', 1]],
    scopes: [['dependencies', true, false], ['dependencies', true, false], ['devDependencies', false, true], ['peerDependencies', true, false]],
  },
  pypi: {
    container: 'vendor/python/site-packages', language: 'Python', datasource: 'pypi_wheel_metadata', manifest: 'METADATA', srcDir: null,
    sources: [['.py', 'Python', 'text/x-script.python', 'Python script, ASCII text executable', 8], ['.pyi', 'Python', 'text/plain', 'ASCII text', 1], ['.txt', '', 'text/plain', 'ASCII text', 1]],
    scopes: [['install', true, false], ['install', true, false], ['extra:test', false, true], ['install', true, false]],
  },
  maven: {
    container: 'third_party/maven', language: 'Java', datasource: 'maven_pom', manifest: 'pom.xml', srcDir: 'src/main/java',
    sources: [['.java', 'Java', 'text/x-java', 'Java source, ASCII text', 8], ['.properties', '', 'text/plain', 'ASCII text', 1], ['.xml', '', 'text/xml', 'XML 1.0 document, ASCII text', 1]],
    scopes: [['compile', true, false], ['compile', true, false], ['test', false, true], ['runtime', true, false]],
  },
};
const APP_SOURCES = [['.ts', 'TypeScript', 'text/plain', 'ASCII text', 6], ['.tsx', 'TypeScript', 'text/plain', 'ASCII text', 2], ['.go', 'Go', 'text/plain', 'C source, ASCII text', 2], ['.c', 'C', 'text/x-c', 'C source, ASCII text', 1], ['.h', 'C', 'text/x-c', 'C source, ASCII text', 1], ['.css', 'CSS', 'text/plain', 'ASCII text', 1], ['.png', '', 'image/png', 'PNG image data, 64 x 64, 8-bit/color RGBA', 1]];

const pickWeighted = (rnd, list, weightIndex) => {
  let x = rnd() * list.reduce((s, e) => s + e[weightIndex], 0);
  for (const e of list) if ((x -= e[weightIndex]) < 0) return e;
  return list[list.length - 1];
};
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const person = (rnd) => `${pick(rnd, FIRST)} ${pick(rnd, LAST)}`;
const emailOf = (name) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`;

function licensePick(rnd) {
  let x = rnd() * LICENSE_WEIGHT;
  for (const l of LICENSES) if ((x -= l[3]) < 0) return l;
  return LICENSES[0];
}

/** The packages: identity, purl, uid, directory, datafile, license, parties. */
function makePackages(count, rnd) {
  const pkgs = [];
  for (let p = 0; p < count; p++) {
    const eco = p % 10 < 5 ? 'npm' : p % 10 < 8 ? 'pypi' : 'maven';
    const word = `${WORDS[p % WORDS.length]}${WORDS[Math.floor(p / WORDS.length) % WORDS.length]}`;
    const version = `${Math.floor(rnd() * 6)}.${Math.floor(rnd() * 20)}.${Math.floor(rnd() * 10)}`;
    const [key, spdx] = licensePick(rnd);
    const author = person(rnd);
    let namespace = null;
    let name;
    let purl;
    let dir;
    let datafile;
    if (eco === 'npm') {
      namespace = p % 6 === 0 ? `@${WORDS[(p * 7) % WORDS.length]}js` : null;
      name = `${word}-${p}`;
      purl = `pkg:npm/${namespace ? `${encodeURIComponent(namespace)}/` : ''}${name}@${version}`;
      dir = `node_modules/${namespace ? `${namespace}/` : ''}${name}`;
      datafile = `${dir}/package.json`;
    } else if (eco === 'pypi') {
      name = `py${word}${p}`;
      purl = `pkg:pypi/${name}@${version}`;
      dir = `vendor/python/site-packages/${name}`;
      datafile = `vendor/python/site-packages/${name}-${version}.dist-info/METADATA`;
    } else {
      namespace = `org.${WORDS[(p * 3) % WORDS.length]}.${WORDS[(p * 5) % WORDS.length]}`;
      name = `${word}-${p}`;
      purl = `pkg:maven/${namespace}/${name}@${version}`;
      dir = `third_party/maven/${name}-${version}`;
      datafile = `${dir}/pom.xml`;
    }
    pkgs.push({ index: p, eco, namespace, name, version, purl, uid: `${purl}?uuid=${uuidOf(`package-${p}`)}`, dir, datafile, key, spdx, author });
  }
  return pkgs;
}

function packageRecord(pkg, rnd) {
  const { eco, namespace, name, version, key, spdx, author } = pkg;
  const maintainer = person(rnd);
  const parties = [{ type: 'person', role: eco === 'maven' ? 'developer' : 'author', name: author, email: emailOf(author), url: null }];
  if (rnd() < 0.5) parties.push({ type: 'person', role: 'maintainer', name: maintainer, email: emailOf(maintainer), url: `https://example.org/~${maintainer.split(' ')[0].toLowerCase()}` });
  if (eco === 'maven' && rnd() < 0.7) parties.push({ type: 'organization', role: 'owner', name: pick(rnd, ORGS), email: null, url: 'https://example.org' });
  const registries = {
    npm: () => ({ homepage: `https://www.npmjs.com/package/${namespace ? `${namespace}/` : ''}${name}`, download: `https://registry.npmjs.org/${namespace ? `${namespace}/` : ''}${name}/-/${name}-${version}.tgz`, api: `https://registry.npmjs.org/${namespace ? `${namespace}/` : ''}${name}/${version}` }),
    pypi: () => ({ homepage: `https://pypi.org/project/${name}`, download: `https://pypi.org/packages/source/${name[0]}/${name}/${name}-${version}.tar.gz`, api: `https://pypi.org/pypi/${name}/${version}/json` }),
    maven: () => ({ homepage: `https://repo1.maven.org/maven2/${namespace.replace(/\./g, '/')}/${name}/${version}/`, download: `https://repo1.maven.org/maven2/${namespace.replace(/\./g, '/')}/${name}/${version}/${name}-${version}.jar`, api: null }),
  };
  const registry = registries[eco]();
  const detection = {
    license_expression: key, license_expression_spdx: spdx,
    matches: [{ license_expression: key, license_expression_spdx: spdx, from_file: `${ROOT}/${pkg.datafile}`, start_line: 5, end_line: 5, matcher: '1-spdx-id', score: 100.0, matched_length: 1, match_coverage: 100.0, rule_relevance: 100, rule_identifier: `spdx-license-identifier-${key}`, rule_url: null }],
    identifier: `${key}-${uuidOf(`declared-${key}`)}`,
  };
  return {
    type: eco, namespace, name, version, qualifiers: {}, subpath: null, primary_language: ECOSYSTEMS[eco].language,
    description: `${name}: ${pick(rnd, WORDS)} and ${pick(rnd, WORDS)} helpers`, release_date: `20${10 + Math.floor(rnd() * 15)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
    parties, keywords: [pick(rnd, WORDS), pick(rnd, WORDS)], homepage_url: `https://github.com/example/${name}`, download_url: registry.download,
    size: 10_000 + Math.floor(rnd() * 500_000), sha1: hex('sha1', pkg.purl), md5: hex('md5', pkg.purl), sha256: hex('sha256', pkg.purl), sha512: null,
    bug_tracking_url: `https://github.com/example/${name}/issues`, code_view_url: null, vcs_url: `git+https://github.com/example/${name}.git`,
    copyright: `Copyright (c) ${author}`, holder: author,
    declared_license_expression: key, declared_license_expression_spdx: spdx, license_detections: [detection],
    other_license_expression: null, other_license_expression_spdx: null, other_license_detections: [], extracted_license_statement: spdx,
    notice_text: null, source_packages: [], is_private: false, is_virtual: false, extra_data: {},
    repository_homepage_url: registry.homepage, repository_download_url: registry.download, api_data_url: registry.api,
    package_uid: pkg.uid, datafile_paths: [`${ROOT}/${pkg.datafile}`], datasource_ids: [ECOSYSTEMS[eco].datasource], purl: pkg.purl,
  };
}

function dependencyRecords(pkg, pkgs, depsPerPackage, rnd) {
  const eco = ECOSYSTEMS[pkg.eco];
  const same = pkgs.filter((q) => q.eco === pkg.eco);
  const out = [];
  const n = Math.max(1, depsPerPackage + Math.floor(rnd() * 3) - 1); // depsPerPackage ± 1
  for (let k = 0; k < n; k++) {
    const [scope, runtime, optional] = eco.scopes[k % eco.scopes.length];
    const resolved = rnd() < 0.9 && same.length > 1;
    let target = resolved ? same[Math.floor(rnd() * same.length)] : null;
    if (target === pkg) target = same[(same.indexOf(pkg) + 1) % same.length];
    const base = target ? target.purl.replace(/@[^@/]*$/, '') : `pkg:${pkg.eco}/${pkg.eco === 'maven' ? 'org.external/' : ''}external-${pick(rnd, WORDS)}-${Math.floor(rnd() * 1000)}`;
    const requirement = target ? (pkg.eco === 'npm' ? `^${target.version}` : pkg.eco === 'pypi' ? `>=${target.version}` : target.version) : '*';
    out.push({
      purl: base, extracted_requirement: requirement, scope, is_runtime: runtime, is_optional: optional, is_pinned: pkg.eco === 'maven', is_direct: true,
      resolved_package: {}, extra_data: {}, dependency_uid: `${base}?uuid=${uuidOf(`dep-${pkg.index}-${k}`)}`,
      for_package_uid: pkg.uid, resolved_to_package_uid: target ? target.uid : null,
      datafile_path: `${ROOT}/${pkg.datafile}`, datasource_id: eco.datasource,
    });
  }
  return out;
}

/**
 * Yields the `files` entries (pre-order, root first) of the scan: exactly `resources`
 * entries below the root. Each package gets a share of the budget; the application's own
 * sources (src/) get ~20%.
 */
function* fileEntries(resources, pkgs, rnd) {
  const emitted = new Set();
  const dir = (path, forPackages = []) => ({ path, type: 'directory', forPackages });

  // Units: the app itself (a fixed 20% share) and each package, in path order (the toolkit
  // lists pre-order).
  const units = [{ kind: 'app', dir: 'src' }, ...pkgs.map((pkg) => ({ kind: 'package', pkg, dir: pkg.dir }))].sort((a, b) => (a.dir < b.dir ? -1 : 1));
  const appShare = Math.floor(resources * 0.2);
  let left = resources - appShare; // for the packages
  let unitsLeft = pkgs.length;

  for (const unit of units) {
    let budget;
    if (unit.kind === 'app') budget = appShare;
    else {
      budget = unitsLeft === 1 ? left : Math.min(left, Math.max(1, Math.round((left / unitsLeft) * (0.5 + rnd()))));
      unitsLeft--;
      left -= budget;
    }
    if (budget <= 0) continue;
    const out = [];
    const push = (e) => {
      if (out.length < budget) out.push(e);
      return out.length < budget;
    };
    // Container directories not yet listed (node_modules, node_modules/@scope, ...).
    const unitDir = unit.kind === 'app' ? 'src' : unit.pkg.dir;
    const parents = unitDir.split('/');
    for (let i = 1; i < parents.length; i++) {
      const p = parents.slice(0, i).join('/');
      if (!emitted.has(p)) {
        emitted.add(p);
        if (!push(dir(p))) break;
      }
    }
    const fp = unit.kind === 'app' ? [] : [unit.pkg.uid];
    if (out.length < budget) push(dir(unitDir, fp));
    if (unit.kind === 'package') {
      const { pkg } = unit;
      const eco = ECOSYSTEMS[pkg.eco];
      if (pkg.eco === 'pypi') {
        const distInfo = pkg.datafile.slice(0, pkg.datafile.lastIndexOf('/'));
        push(dir(distInfo, fp));
        push({ path: pkg.datafile, type: 'file', forPackages: fp, role: 'manifest', pkg });
        push({ path: `${distInfo}/LICENSE.txt`, type: 'file', forPackages: fp, role: 'license', pkg });
        push({ path: `${distInfo}/RECORD`, type: 'file', forPackages: fp, role: 'plain', pkg });
      } else {
        push({ path: pkg.datafile, type: 'file', forPackages: fp, role: 'manifest', pkg });
        push({ path: `${pkg.dir}/LICENSE`, type: 'file', forPackages: fp, role: 'license', pkg });
        push({ path: `${pkg.dir}/README.md`, type: 'file', forPackages: fp, role: 'readme', pkg });
      }
      let srcRoot = pkg.dir;
      if (eco.srcDir) {
        for (const seg of eco.srcDir.split('/')) push(dir((srcRoot = `${srcRoot}/${seg}`), fp));
      }
      if (pkg.eco === 'maven') for (const seg of pkg.namespace.split('.')) push(dir((srcRoot = `${srcRoot}/${seg}`), fp));
      let m = 0;
      while (out.length < budget) {
        const sub = `${srcRoot}/${WORDS[m % WORDS.length]}${m >= WORDS.length ? m : ''}`;
        push(dir(sub, fp));
        const nested = rnd() < 0.3 ? `${sub}/internal` : null;
        const files = 3 + Math.floor(rnd() * 10);
        for (let f = 0; f < files && out.length < budget; f++) {
          const [ext] = pickWeighted(rnd, eco.sources, 4);
          push({ path: `${sub}/${pick(rnd, WORDS)}_${f}${ext}`, type: 'file', forPackages: fp, role: 'source', pkg, sources: eco.sources, ext });
        }
        if (nested && out.length < budget) {
          push(dir(nested, fp));
          for (let f = 0; f < 4 && out.length < budget; f++) push({ path: `${nested}/impl_${f}${eco.sources[0][0]}`, type: 'file', forPackages: fp, role: 'source', pkg, sources: eco.sources, ext: eco.sources[0][0] });
        }
        m++;
      }
    } else {
      push({ path: 'src/README.md', type: 'file', forPackages: [], role: 'readme' });
      let m = 0;
      while (out.length < budget) {
        const area = `src/${WORDS[m % WORDS.length]}${m >= WORDS.length ? Math.floor(m / WORDS.length) : ''}`;
        push(dir(area));
        for (let s = 0; s < 3 && out.length < budget; s++) {
          const sub = `${area}/${pick(rnd, WORDS)}${s}`;
          push(dir(sub));
          const files = 4 + Math.floor(rnd() * 12);
          for (let f = 0; f < files && out.length < budget; f++) {
            const [ext] = pickWeighted(rnd, APP_SOURCES, 4);
            push({ path: `${sub}/${pick(rnd, WORDS)}-${f}${ext}`, type: 'file', forPackages: [], role: 'source', sources: APP_SOURCES, ext });
          }
        }
        m++;
      }
    }
    if (unit.kind === 'package') left += budget - out.length;
    yield* out;
  }
}

function detectionFor(kind, key, spdx, path) {
  // One identifier per (kind, license): identical detections share it, as in the toolkit.
  const full = kind === 'text';
  const rule = full ? `${key}.LICENSE` : `spdx-license-identifier-${key}-${hex('sha1', key).slice(0, 40)}`;
  const match = {
    license_expression: key, license_expression_spdx: spdx, from_file: path, start_line: full ? 1 : 2, end_line: full ? 21 : 2,
    matcher: full ? '1-hash' : '1-spdx-id', score: 100.0, matched_length: full ? 161 : 6, match_coverage: 100.0, rule_relevance: 100, rule_identifier: rule,
    rule_url: full ? `https://github.com/nexB/scancode-toolkit/tree/develop/src/licensedcode/data/licenses/${key}.LICENSE` : null,
  };
  if (LICENSE_TEXT[key] && full) match.matched_text = LICENSE_TEXT[key];
  return { license_expression: key, license_expression_spdx: spdx, matches: [match], identifier: `${key}-${uuidOf(`${kind}-${key}`)}` };
}

/** One `files` entry, with its scan data. Returns [entry, detections]. */
function fileRecord(e, rnd) {
  const name = e.path.slice(e.path.lastIndexOf('/') + 1);
  const dot = name.indexOf('.', 1);
  const base = { path: `${ROOT}/${e.path}`, type: e.type, name, base_name: dot > 0 ? name.slice(0, dot) : name, extension: dot > 0 ? name.slice(dot) : '' };
  const empty = {
    license_detections: [], license_clues: [], percentage_of_license_text: 0, copyrights: [], holders: [], authors: [], emails: [], urls: [], scan_errors: [],
  };
  if (e.type === 'directory') {
    return [{
      ...base, size: 0, date: null, sha1: null, md5: null, sha256: null, mime_type: null, file_type: null, programming_language: null,
      is_binary: false, is_text: false, is_archive: false, is_media: false, is_source: false, is_script: false, package_data: [], for_packages: e.forPackages,
      is_legal: false, is_manifest: false, is_readme: false, is_top_level: e.path.split('/').length <= 2, is_key_file: false,
      detected_license_expression: null, detected_license_expression_spdx: null, ...empty,
    }, []];
  }
  const pkg = e.pkg;
  let lang = '';
  let mime = 'text/plain';
  let fileType = 'ASCII text';
  if (e.role === 'source') [, lang, mime, fileType] = e.sources.find((s) => s[0] === e.ext);
  else if (e.role === 'manifest') [mime, fileType] = pkg.eco === 'maven' ? ['text/xml', 'XML 1.0 document, ASCII text'] : pkg.eco === 'npm' ? ['application/json', 'JSON data'] : ['text/plain', 'ASCII text'];
  const isMedia = mime.startsWith('image/');
  const size = e.role === 'license' ? 1000 + Math.floor(rnd() * 10_000) : Math.floor(50 + rnd() * rnd() * 60_000);
  const detections = [];
  const record = {
    ...base, size, date: `20${15 + Math.floor(rnd() * 10)}-0${1 + Math.floor(rnd() * 9)}-2${Math.floor(rnd() * 8)}`,
    sha1: hex('sha1', e.path), md5: hex('md5', e.path), sha256: hex('sha256', e.path), sha1_git: hex('sha1', `blob ${e.path}`),
    mime_type: mime, file_type: fileType, programming_language: lang || null,
    is_binary: isMedia, is_text: !isMedia, is_archive: false, is_media: isMedia, is_source: Boolean(lang), is_script: lang === 'Python',
    package_data: [], for_packages: e.forPackages,
    is_legal: e.role === 'license', is_manifest: e.role === 'manifest', is_readme: e.role === 'readme', is_top_level: e.path.split('/').length <= 3, is_key_file: e.role !== 'source',
    detected_license_expression: null, detected_license_expression_spdx: null, ...empty,
  };
  if (e.role === 'manifest') {
    record.package_data = [{
      type: pkg.eco, namespace: pkg.namespace, name: pkg.name, version: pkg.version, qualifiers: {}, subpath: null, primary_language: ECOSYSTEMS[pkg.eco].language,
      declared_license_expression: pkg.key, declared_license_expression_spdx: pkg.spdx, extracted_license_statement: pkg.spdx, purl: pkg.purl,
      datasource_id: ECOSYSTEMS[pkg.eco].datasource, dependencies: [],
    }];
  }
  // Licenses on ~20% of the files: every license file, SPDX headers on some sources.
  let license = null;
  if (e.role === 'license') license = [pkg ? pkg.key : 'apache-2.0', pkg ? pkg.spdx : 'Apache-2.0', 'text'];
  else if (e.role === 'manifest') license = [pkg.key, pkg.spdx, 'id'];
  else if (!isMedia && rnd() < 0.18) {
    const [k, s] = pkg && rnd() < 0.8 ? [pkg.key, pkg.spdx] : licensePick(rnd);
    license = [k, s, 'id'];
  }
  if (license) {
    const [key, spdx, kind] = license;
    const det = detectionFor(kind, key, spdx, record.path);
    record.license_detections = [det];
    detections.push(det);
    if (rnd() < 0.05) {
      // a dual-licensed file
      const [k2, s2] = licensePick(rnd);
      if (k2 !== key) {
        const det2 = detectionFor('id', k2, s2, record.path);
        record.license_detections.push(det2);
        detections.push(det2);
        record.detected_license_expression = `${key} OR ${k2}`;
        record.detected_license_expression_spdx = `${spdx} OR ${s2}`;
      }
    }
    record.detected_license_expression ||= key;
    record.detected_license_expression_spdx ||= spdx;
    record.percentage_of_license_text = kind === 'text' ? 100.0 : Math.round(rnd() * 1000) / 100;
  } else if (!isMedia && rnd() < 0.02) {
    record.license_clues = [{ license_expression: 'unknown-license-reference', license_expression_spdx: 'LicenseRef-scancode-unknown-license-reference', from_file: record.path, start_line: 3, end_line: 3, matcher: '2-aho', score: 50.0, matched_length: 3, match_coverage: 100.0, rule_relevance: 50, rule_identifier: 'unknown-license-reference_see.RULE', rule_url: null }];
  }
  // Copyrights and holders on ~12%, authors on some, emails ~6%, urls ~15%.
  if (!isMedia && (e.role === 'license' || rnd() < 0.12)) {
    const holder = pkg ? (rnd() < 0.7 ? pkg.author : pick(rnd, ORGS)) : 'Polyglot App Authors';
    const year = 2005 + Math.floor(rnd() * 20);
    record.copyrights = [{ copyright: `Copyright (c) ${year}${rnd() < 0.3 ? `-${year + 3}` : ''} ${holder}`, start_line: 1, end_line: 1 }];
    record.holders = [{ holder, start_line: 1, end_line: 1 }];
    if (rnd() < 0.2) record.authors = [{ author: person(rnd), start_line: 4, end_line: 4 }];
  }
  if (!isMedia && rnd() < 0.06) record.emails = [{ email: emailOf(pkg ? pkg.author : person(rnd)), start_line: 2, end_line: 2 }];
  if (!isMedia && rnd() < 0.15) {
    record.urls = [{ url: pkg ? `https://github.com/example/${pkg.name}` : `https://docs.example.org/${pick(rnd, WORDS)}`, start_line: 6, end_line: 6 }];
    if (rnd() < 0.3) record.urls.push({ url: `https://www.apache.org/licenses/LICENSE-2.0`, start_line: 9, end_line: 9 });
  }
  if (rnd() < 0.0005) record.scan_errors = ['ERROR: for scanner: copyrights:\nERROR: Processing interrupted: timeout after 120 seconds.'];
  return [record, detections];
}

const detectionEntry = (det) => ({ identifier: det.identifier, license_expression: det.license_expression, license_expression_spdx: det.license_expression_spdx, detection_count: det.count, detection_log: [], reference_matches: det.matches });

/**
 * The whole document as a sequence of JSON fragments. `detections` is the top-level
 * `license_detections` list to write; with `countInto` (a Map), nothing is stringified and
 * the unique detections of the files are counted into it instead.
 */
function* documentParts({ resources, packages, depsPerPackage, seed }, { detections = [], countInto = null } = {}) {
  const rnd = prng(seed);
  const str = countInto ? () => '' : JSON.stringify;
  const pkgs = makePackages(packages, rnd);
  const header = {
    tool_name: 'scancode-toolkit', tool_version: '32.3.0',
    options: { input: [ROOT], '--copyright': true, '--email': true, '--info': true, '--json': 'scan.json', '--license': true, '--package': true, '--url': true, '--processes': '4' },
    notice: 'Generated with ScanCode and provided on an "AS IS" BASIS, WITHOUT WARRANTIES\nOR CONDITIONS OF ANY KIND, either express or implied.',
    start_timestamp: '2025-01-10T101500.123456', end_timestamp: '2025-01-10T113502.654321', output_format_version: '4.0.0', duration: 6002.53,
    message: null, errors: [], warnings: [],
    extra_data: { system_environment: { operating_system: 'linux', cpu_architecture: 64, platform: 'Linux-6.1-x86_64', python_version: '3.11.2' }, spdx_license_list_version: '3.25', files_count: resources },
  };
  yield `{"headers":[${str(header)}],\n"packages":[`;
  for (const pkg of pkgs) yield (pkg.index ? ',\n' : '') + str(packageRecord(pkg, rnd));
  yield '],\n"dependencies":[';
  let d = 0;
  for (const pkg of pkgs) for (const dep of dependencyRecords(pkg, pkgs, depsPerPackage, rnd)) yield (d++ ? ',\n' : '') + str(dep);
  yield `],\n"license_detections":[${detections.map((det) => JSON.stringify(detectionEntry(det))).join(',\n')}`;
  const rootEntry = fileRecord({ path: '', type: 'directory', forPackages: [] }, rnd)[0];
  yield `],\n"files":[${str({ ...rootEntry, path: ROOT, name: ROOT, base_name: ROOT, is_top_level: true })}`;
  const counts = { files: 0, directories: 0, licensed_files: 0, dependencies: d };
  for (const e of fileEntries(resources, pkgs, rnd)) {
    const [record, found] = fileRecord(e, rnd);
    if (e.type === 'file') counts.files++;
    else counts.directories++;
    if (found.length) counts.licensed_files++;
    if (countInto) {
      for (const det of found) {
        const seen = countInto.get(det.identifier);
        if (seen) seen.count++;
        else countInto.set(det.identifier, { ...det, count: 1 });
      }
    }
    yield `,\n${str(record)}`;
  }
  yield ']}\n';
  return counts;
}

/**
 * Writes the scan to `path` unless a file made by this generator version with the same
 * options is already there. Returns { path, bytes, resources, files, directories, packages,
 * dependencies, license_detections, cached }.
 */
async function generateToolkitScan(path, { resources = 100_000, packages = 2_000, depsPerPackage = 3, seed = 42 } = {}) {
  const opts = { resources, packages, depsPerPackage, seed };
  const meta = `${path}.meta.json`;
  if (existsSync(path) && existsSync(meta)) {
    const m = JSON.parse(readFileSync(meta, 'utf8'));
    if (m.version === GENERATOR_VERSION && JSON.stringify(m.opts) === JSON.stringify(opts) && statSync(path).size === m.bytes) return { ...m.result, path, bytes: m.bytes, cached: true };
  }
  mkdirSync(dirname(path), { recursive: true });
  // Pass 1 (nothing written) counts the unique license detections, which the toolkit
  // lists before `files`; pass 2 writes. Both draw the same random sequence.
  const unique = new Map();
  for (const part of documentParts(opts, { countInto: unique })) void part;
  const detections = [...unique.values()];

  const tmp = `${path}.tmp-${process.pid}`;
  const out = createWriteStream(tmp);
  const parts = documentParts(opts, { detections });
  let buffer = '';
  let next;
  while (!(next = parts.next()).done) {
    buffer += next.value;
    if (buffer.length >= 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  renameSync(tmp, path);
  const bytes = statSync(path).size;
  const counts = next.value;
  const info = { resources, packages, ...counts, license_detections: detections.length, licensed_files_pct: Math.round((counts.licensed_files / counts.files) * 1000) / 10 };
  writeFileSync(meta, JSON.stringify({ version: GENERATOR_VERSION, opts, bytes, result: info }, null, 2));
  return { ...info, path, bytes, cached: false };
}

module.exports = { generateToolkitScan, ROOT };
