import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { pack } from 'tar-stream';
import { readInventory } from '@sca/formats';
import { validateCycloneDxJson, validateSpdxJson } from '@sca/testing';
import { licenseText } from '../license';
import { main } from './codescan';

const MIT = `MIT License

Copyright (c) 2024 Jane Doe <jane@example.org>

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

let dir: string;
const CLI = join(__dirname, '..', '..', '..', '..', 'bin', 'codescan.js');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codescan-cli-'));
  const tar = pack();
  tar.entry({ name: 'package/package.json' }, JSON.stringify({ name: 'demo', version: '1.0.0', license: 'MIT' }, null, 2));
  tar.entry({ name: 'package/LICENSE' }, MIT);
  tar.entry({ name: 'package/index.js' }, '// SPDX-License-Identifier: Apache-2.0\n// see https://github.com/demo/demo\nmodule.exports = 1;\n');
  tar.finalize();
  await pipeline(tar, createGzip(), createWriteStream(join(dir, 'demo-1.0.0.tgz')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes license diagnostics and the license and rule references the detections use, as ScanCode.io runs the toolkit', async () => {
  const out = join(dir, 'diagnostics.json');
  const args = [join(dir, 'demo-1.0.0.tgz'), '--license', '--package', '--license-text', '--license-diagnostics', '--license-text-diagnostics', '--license-references', '--json', out, '--processes', '1', '--quiet'];
  expect(await main(args)).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(Object.keys(doc)).toEqual(['headers', 'packages', 'dependencies', 'license_detections', 'license_references', 'license_rule_references', 'files']);
  expect(doc.headers[0].options).toMatchObject({ '--license-diagnostics': true, '--license-text-diagnostics': true, '--license-references': true });
  const index = doc.files.find((f: { path: string }) => f.path.endsWith('/index.js'));
  expect(index.license_detections[0].detection_log).toEqual([]);
  expect(index.license_detections[0].matches[0].matched_text_diagnostics).toBe('SPDX-License-Identifier: Apache-2.0');
  // package.json's package data detection (MIT, read as an expression) counts among the unique detections.
  const unique = doc.license_detections.map((d: { license_expression: string; detection_log: unknown[] }) => [d.license_expression, d.detection_log]);
  expect(unique).toEqual(expect.arrayContaining([['apache-2.0', []], ['mit', []]]));
  expect(doc.license_detections.some((d: { reference_matches: { matcher: string }[] }) => d.reference_matches[0].matcher === '1-spdx-id' && d.reference_matches.length === 1)).toBe(true);
  expect(doc.license_references.map((l: { key: string }) => l.key)).toEqual(['apache-2.0', 'mit']);
  const rules = doc.license_rule_references.map((r: { identifier: string; is_synthetic: boolean }) => [r.identifier.replace(/-[0-9a-f]{40}$/, ''), r.is_synthetic]);
  expect(rules).toEqual(expect.arrayContaining([['spdx-license-identifier-apache_2_0', true], ['spdx-license-identifier-mit', true], ['mit.LICENSE', false]]));
});

it('describes a rule made from an SPDX tag with the text read, without --license-text too', async () => {
  const out = join(dir, 'references-no-text.json');
  expect(await main([join(dir, 'demo-1.0.0.tgz'), '--license', '--license-references', '--json', out, '--processes', '1', '--quiet'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  const spdx = doc.license_rule_references.find((r: { identifier: string }) => r.identifier.startsWith('spdx-license-identifier-apache_2_0'));
  expect(spdx).toMatchObject({ is_synthetic: true, text: '// SPDX-License-Identifier: Apache-2.0' });
}, 60_000);

it('follows "see LICENSE" to the file beside it or at the root, as the toolkit does after the scan', async () => {
  const tree = join(dir, 'refs');
  await mkdir(join(tree, 'src'), { recursive: true });
  await mkdir(join(tree, 'lib'), { recursive: true });
  await writeFile(join(tree, 'LICENSE'), MIT);
  await writeFile(join(tree, 'src', 'a.js'), '/* See LICENSE */\nconsole.log(1);\n');
  await writeFile(join(tree, 'src', 'b.js'), '// SPDX-License-Identifier: Apache-2.0\n// See LICENSE\nmodule.exports = 2;\n');
  await writeFile(join(tree, 'lib', 'c.js'), '/* See LICENSE */\n');
  await writeFile(join(tree, 'lib', 'LICENSE'), 'no license here\n');
  const out = join(dir, 'refs.json');
  expect(await main([tree, '--license', '--json', out, '--processes', '2', '--quiet'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  const byPath = Object.fromEntries(doc.files.map((f: { path: string }) => [f.path, f]));
  const a = byPath['refs/src/a.js'];
  expect([a.detected_license_expression, a.detected_license_expression_spdx]).toEqual(['mit', 'MIT']);
  expect(a.license_detections[0].detection_log).toEqual(['unknown-reference-to-local-file']);
  expect(a.license_detections[0].matches.map((m: { from_file: string }) => m.from_file)).toEqual(['refs/src/a.js', 'refs/LICENSE', 'refs/LICENSE']);
  // The notice's own license stays beside the referenced one; the reference itself counts for neither.
  expect(byPath['refs/src/b.js'].detected_license_expression).toBe('apache-2.0 AND mit');
  // lib/LICENSE exists beside c.js without a license: that is the file followed, and nothing changes.
  expect(byPath['refs/lib/c.js'].detected_license_expression).toBe('unknown-license-reference');
  const unique = doc.license_detections.map((d: { license_expression: string; detection_count: number }) => [d.license_expression, d.detection_count]);
  expect(unique.sort()).toEqual([['apache-2.0 AND mit', 1], ['mit', 1], ['mit', 1], ['unknown-license-reference', 1]]);
  expect(doc.license_detections.find((d: { identifier: string }) => d.identifier === a.license_detections[0].identifier).reference_matches).toHaveLength(3);
}, 60_000);

it('with --todo lists the detections and package data to review, one license item per kind, and marks their files', async () => {
  const tree = join(dir, 'review');
  await mkdir(join(tree, 'src'), { recursive: true });
  await mkdir(join(tree, 'pkg'), { recursive: true });
  await writeFile(join(tree, 'notes.txt'), 'GPL stuff\n');
  await writeFile(join(tree, 'src', 'x.js'), '/* See LICENSE */\n');
  await writeFile(join(tree, 'pkg', 'package.json'), JSON.stringify({ description: 'a manifest without a name' }));
  const out = join(dir, 'review.json');
  expect(await main([tree, '--license', '--package', '--info', '--todo', '--json', out, '--processes', '1', '--quiet'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(Object.keys(doc)).toEqual(['headers', 'todo', 'packages', 'dependencies', 'license_detections', 'files']);
  expect(doc.headers[0].options['--todo']).toBe(true);
  expect(doc.todo.map((t: { review_comments: Record<string, string> }) => Object.keys(t.review_comments))).toEqual([['low-relevance'], ['unknown-match'], ['cannot-create-purl']]);
  const [clue, unknown, manifest] = doc.todo;
  // The clue ("GPL" alone) stands for every clue group; its identifier is made from its matches.
  expect(clue.detection).toMatchObject({ license_expression: 'gpl-1.0-plus', detection_log: [] });
  expect(clue.detection_id).toMatch(/^gpl_1_0_plus-[0-9a-f-]{36}$/);
  expect(unknown.detection_id).toMatch(/^unknown_license_reference-/);
  expect(manifest.detection_id).toMatch(/^pkg:npm\/unknown-[0-9a-f-]{36}$/);
  expect(manifest.detection.datasource_id).toBe('npm_package_json');
  const byPath = Object.fromEntries(doc.files.map((f: { path: string }) => [f.path, f]));
  expect(byPath['review/notes.txt'].for_todo).toEqual([clue.detection_id]);
  expect(byPath['review/src/x.js'].for_todo).toEqual([unknown.detection_id]);
  expect(byPath['review/pkg/package.json'].for_todo).toEqual([manifest.detection_id]);
  expect(byPath['review/src'].for_todo).toEqual([]);
  const keys = Object.keys(byPath['review/notes.txt']);
  expect(keys.indexOf('for_todo')).toBe(keys.indexOf('is_script') + 1);
}, 60_000);

it('with --filter-clues drops the clues a license text holds and the emails inside a copyright; with --unknown-licenses reports license-like text no rule has', async () => {
  const tree = join(dir, 'clues');
  await mkdir(tree, { recursive: true });
  await writeFile(join(tree, 'COPYING'), licenseText('gpl-2.0')?.text ?? '');
  await writeFile(join(tree, 'main.c'), '/* Copyright (c) 2021 Jane Doe <jane@doe-labs.io> */\nint main(void) { return 0; }\n\n/* Questions go to help@doe-labs.io */\n');
  await writeFile(join(tree, 'EULA.txt'), [
    'Subject to the terms and conditions of this Agreement, Zorblax grants you a personal,',
    'non-exclusive, non-transferable license to install and use the Software on computers that you own or control.',
    'You may not rent, lease, lend, sell, redistribute or sublicense the Software. You may not copy, decompile,',
    'reverse engineer, disassemble, attempt to derive the source code of, modify, or create derivative works of',
    'the Software or any part thereof, except as and only to the extent expressly permitted by applicable law.',
  ].join('\n'));
  const scan = async (extra: string[]) => {
    const out = join(dir, `clues${extra.join('')}.json`);
    expect(await main([tree, '--license', '--copyright', '--email', ...extra, '--json', out, '--processes', '1', '--quiet'])).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8'));
    return { doc, byPath: Object.fromEntries(doc.files.map((f: { path: string }) => [f.path, f])) };
  };
  const plain = await scan([]);
  expect(plain.byPath['clues/COPYING'].holders.map((h: { holder: string }) => h.holder)).toContain('Free Software Foundation, Inc.');
  expect(plain.byPath['clues/main.c'].emails.map((e: { email: string }) => e.email)).toEqual(['jane@doe-labs.io', 'help@doe-labs.io']);
  expect(plain.byPath['clues/EULA.txt'].license_detections.flatMap((d: { matches: { matcher: string }[] }) => d.matches.map((m) => m.matcher))).not.toContain('6-unknown');
  const filtered = await scan(['--filter-clues', '--unknown-licenses']);
  expect(filtered.doc.headers[0].options).toMatchObject({ '--filter-clues': true, '--unknown-licenses': true });
  expect(filtered.byPath['clues/COPYING'].copyrights).toEqual([]);
  expect(filtered.byPath['clues/COPYING'].holders).toEqual([]);
  expect(filtered.byPath['clues/COPYING'].detected_license_expression).toBe('gpl-2.0');
  expect(filtered.byPath['clues/main.c'].copyrights.map((c: { copyright: string }) => c.copyright)).toEqual(['Copyright (c) 2021 Jane Doe <jane@doe-labs.io>']);
  expect(filtered.byPath['clues/main.c'].emails.map((e: { email: string }) => e.email)).toEqual(['help@doe-labs.io']);
  const eula = filtered.byPath['clues/EULA.txt'];
  expect(eula.detected_license_expression).toContain('unknown');
  expect(eula.license_detections.flatMap((d: { matches: { matcher: string }[] }) => d.matches.map((m) => m.matcher))).toContain('6-unknown');
}, 60_000);

it('scans an npm tarball into ScanCode-toolkit JSON that load_inventory reads', async () => {
  const out = join(dir, 'out.json');
  expect(await main([join(dir, 'demo-1.0.0.tgz'), '--json', out, '--processes', '1', '--quiet'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(Object.keys(doc)).toEqual(['headers', 'license_detections', 'files']);
  expect(doc.headers[0]).toMatchObject({ tool_name: 'scancode-toolkit', output_format_version: '4.0.0' });
  const byPath = Object.fromEntries(doc.files.map((f: { path: string }) => [f.path, f]));
  expect(Object.keys(byPath)).toEqual(['demo-1.0.0.tgz-extract', 'demo-1.0.0.tgz-extract/package', 'demo-1.0.0.tgz-extract/package/LICENSE', 'demo-1.0.0.tgz-extract/package/index.js', 'demo-1.0.0.tgz-extract/package/package.json']);
  const license = byPath['demo-1.0.0.tgz-extract/package/LICENSE'];
  expect(license).toMatchObject({ type: 'file', detected_license_expression: 'mit', detected_license_expression_spdx: 'MIT', is_legal: true, is_top_level: true, is_key_file: true });
  expect(license.copyrights.map((c: { copyright: string }) => c.copyright)).toEqual(['Copyright (c) 2024 Jane Doe <jane@example.org>']);
  expect(license.holders.map((h: { holder: string }) => h.holder)).toEqual(['Jane Doe']);
  expect(license.sha1_git).toMatch(/^[0-9a-f]{40}$/);
  const index = byPath['demo-1.0.0.tgz-extract/package/index.js'];
  expect(index).toMatchObject({ detected_license_expression: 'apache-2.0', programming_language: 'JavaScript', is_key_file: false });
  // Without --license-text, as in the toolkit, matches carry no matched_text.
  expect(Object.keys(index.license_detections[0].matches[0])).not.toContain('matched_text');
  expect(index.urls.map((u: { url: string }) => u.url)).toEqual(['https://github.com/demo/demo']);
  expect(doc.license_detections.map((d: { license_expression: string }) => d.license_expression).sort()).toEqual(['apache-2.0', 'mit', 'mit']);

  const items = [];
  for await (const item of readInventory(createReadStream(out))) items.push(item);
  const resources = items.filter((i) => i.kind === 'resource').map((i) => (i as { record: { path: string; detected_license_expression: string } }).record);
  expect(resources.map((r) => r.path)).toEqual(['package', 'package/LICENSE', 'package/index.js', 'package/package.json']);
  expect(resources.find((r) => r.path === 'package/LICENSE')?.detected_license_expression).toBe('mit');
  expect(items.filter((i) => i.kind === 'problem')).toEqual([]);
  await writeFile(join(dir, 'done'), '');
}, 60_000);

it('with --package reports packages, dependencies, package_data and for_packages', async () => {
  const out = join(dir, 'packages.json');
  expect(await main([join(dir, 'demo-1.0.0.tgz'), '--json', out, '--processes', '1', '--quiet', '--package'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(Object.keys(doc)).toEqual(['headers', 'packages', 'dependencies', 'license_detections', 'files']);
  expect(doc.headers[0].options['--package']).toBe(true);
  expect(doc.packages.map((p: { purl: string; declared_license_expression: string }) => [p.purl, p.declared_license_expression])).toEqual([['pkg:npm/demo@1.0.0', 'mit']]);
  const uid = doc.packages[0].package_uid;
  expect(uid).toMatch(/^pkg:npm\/demo@1\.0\.0\?uuid=[0-9a-f-]{36}$/);
  const byPath = Object.fromEntries(doc.files.map((f: { path: string }) => [f.path, f]));
  expect(byPath['demo-1.0.0.tgz-extract/package/package.json'].package_data.map((d: { datasource_id: string }) => d.datasource_id)).toEqual(['npm_package_json']);
  expect(byPath['demo-1.0.0.tgz-extract/package/index.js'].for_packages).toEqual([uid]);
  expect(byPath['demo-1.0.0.tgz-extract/package'].for_packages).toEqual([]);
}, 60_000);

it('with --package alone opens only the files a package handler recognises, and lists every file', async () => {
  const tree = join(dir, 'pkg-only');
  await mkdir(join(tree, 'node_modules', 'left-pad'), { recursive: true });
  await writeFile(join(tree, 'package.json'), JSON.stringify({ name: 'app', version: '2.0.0', dependencies: { 'left-pad': '^1.3.0' } }));
  await writeFile(join(tree, 'node_modules', 'left-pad', 'package.json'), JSON.stringify({ name: 'left-pad', version: '1.3.0', license: 'WTFPL' }));
  await writeFile(join(tree, 'node_modules', 'left-pad', 'index.js'), 'module.exports = leftPad;\n');
  await writeFile(join(tree, 'README.md'), MIT);
  // The real CLI under strace (built by `npm test` first), its worker threads included: every file it opens.
  const out = join(dir, 'pkg-only.json');
  const trace = join(dir, 'pkg-only.strace');
  execFileSync('strace', ['-f', '-qq', '-e', 'trace=open,openat,openat2', '-o', trace, process.execPath, CLI, tree, '--package', '--json', out, '--processes', '2', '--quiet']);
  // Directories are opened to be listed (O_DIRECTORY); files only to be read.
  const fileOpens = (await readFile(trace, 'utf8')).split('\n').filter((l) => !l.includes('O_DIRECTORY'));
  const opened = fileOpens.map((l) => /open(?:at2?)?\((?:[A-Z_]+, )?"([^"]+)"/.exec(l)?.[1]).filter((p): p is string => Boolean(p));
  const inTree = [...new Set(opened.filter((p) => p.startsWith(`${tree}/`)).map((p) => p.slice(tree.length + 1)))].sort();
  expect(inTree).toEqual(['node_modules/left-pad/package.json', 'package.json']);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(doc.headers[0].options).toMatchObject({ '--package': true });
  expect(doc.headers[0].options['--license']).toBeUndefined();
  expect(doc.files.map((f: { path: string }) => f.path)).toEqual(['pkg-only', 'pkg-only/README.md', 'pkg-only/node_modules', 'pkg-only/node_modules/left-pad', 'pkg-only/node_modules/left-pad/index.js', 'pkg-only/node_modules/left-pad/package.json', 'pkg-only/package.json']);
  expect(Object.keys(doc.files[1])).toEqual(['path', 'type', 'name', 'base_name', 'extension', 'package_data', 'for_packages', 'scan_errors']);
  expect(doc.packages.map((p: { purl: string }) => p.purl).sort()).toEqual(['pkg:npm/app@2.0.0', 'pkg:npm/left-pad@1.3.0']);
  // Without -n, a packages-only run parses in its own thread (no worker to start) with the same answer.
  const inThread = join(dir, 'pkg-only-default.json');
  expect(await main([tree, '--package', '--json', inThread, '--quiet'])).toBe(0);
  const defaults = JSON.parse(await readFile(inThread, 'utf8'));
  expect(defaults.headers[0].options['--processes']).toBe('0');
  expect(defaults.packages.map((p: { purl: string }) => p.purl).sort()).toEqual(['pkg:npm/app@2.0.0', 'pkg:npm/left-pad@1.3.0']);
  expect(defaults.packages.map((p: { declared_license_expression: string }) => p.declared_license_expression).sort()).toEqual(doc.packages.map((p: { declared_license_expression: string }) => p.declared_license_expression).sort());
}, 60_000);

it('with --package reads a single installed-package database file', async () => {
  const status = join(__dirname, '..', 'packages', 'debian', 'testdata', 'rootfs', 'var', 'lib', 'dpkg', 'status');
  const out = join(dir, 'dpkg.json');
  expect(await main([status, '--json', out, '--processes', '0', '--quiet', '--package', '--info'])).toBe(0);
  const doc = JSON.parse(await readFile(out, 'utf8'));
  expect(doc.files).toHaveLength(1);
  expect(doc.files[0].package_data).toHaveLength(4);
  expect(doc.packages).toHaveLength(4);
  expect(doc.packages.every((p: { type: string }) => p.type === 'deb')).toBe(true);
}, 60_000);


describe('SBOM outputs', () => {
  it('writes CycloneDX (JSON and XML) and SPDX SBOMs of the packages found, valid, with the same packages', async () => {
    const [cdx, cdxXml, spdx] = ['out.cdx.json', 'out.cdx.xml', 'out.spdx.json'].map((n) => join(dir, n));
    expect(await main([join(dir, 'demo-1.0.0.tgz'), '--package', '--cyclonedx', cdx, '--cyclonedx-xml', cdxXml, '--spdx', spdx, '--processes', '1', '--quiet'])).toBe(0);
    const cdxJson = await readFile(cdx, 'utf8');
    expect((await validateCycloneDxJson(cdxJson, '1.6')).errors).toBeNull();
    const bom = JSON.parse(cdxJson);
    expect(bom.metadata.component.name).toBe('demo-1.0.0.tgz');
    expect(bom.components.map((c: { purl: string }) => c.purl)).toEqual(['pkg:npm/demo@1.0.0']);
    expect(await readFile(cdxXml, 'utf8')).toContain('<purl>pkg:npm/demo@1.0.0</purl>');
    const spdxJson = await readFile(spdx, 'utf8');
    expect(validateSpdxJson(spdxJson, '2.3')).toBeNull();
    const doc = JSON.parse(spdxJson);
    const purls = doc.packages.flatMap((p: { externalRefs?: { referenceLocator: string }[] }) => (p.externalRefs ?? []).map((r) => r.referenceLocator));
    expect(purls).toContain('pkg:npm/demo@1.0.0');
  });

  it('pretty-prints the toolkit JSON with --json-pp, the same document as --json', async () => {
    const [plain, pretty] = ['plain.json', 'pretty.json'].map((n) => join(dir, n));
    expect(await main([join(dir, 'demo-1.0.0.tgz'), '-i', '--json', plain, '--processes', '1', '--quiet'])).toBe(0);
    expect(await main([join(dir, 'demo-1.0.0.tgz'), '-i', '--json-pp', pretty, '--processes', '1', '--quiet'])).toBe(0);
    const text = await readFile(pretty, 'utf8');
    expect(text.split('\n')[1]).toBe('  "headers": [');
    const strip = (d: { headers: Record<string, unknown>[] }) => ({ ...d, headers: d.headers.map(({ start_timestamp: _s, end_timestamp: _e, duration: _d, options: _o, ...h }) => h) });
    expect(strip(JSON.parse(text))).toEqual(strip(JSON.parse(await readFile(plain, 'utf8'))));
  });

  it('resolves the SBOM statically: lockfile packages are components, installed ones get the locked checksum', async () => {
    const tree = join(dir, 'locked');
    await mkdir(join(tree, 'node_modules', 'ms'), { recursive: true });
    await writeFile(join(tree, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { ms: '^2.1.3' }, optionalDependencies: { fsevents: '^2.3.3' } }));
    await writeFile(join(tree, 'node_modules', 'ms', 'package.json'), JSON.stringify({ name: 'ms', version: '2.1.3', license: 'MIT' }));
    const integrity = 'sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==';
    await writeFile(join(tree, 'package-lock.json'), JSON.stringify({
      name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true,
      packages: {
        '': { name: 'app', version: '1.0.0', dependencies: { ms: '^2.1.3' }, optionalDependencies: { fsevents: '^2.3.3' } },
        'node_modules/ms': { version: '2.1.3', resolved: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz', integrity, license: 'MIT' },
        'node_modules/fsevents': { version: '2.3.3', resolved: 'https://registry.npmjs.org/fsevents/-/fsevents-2.3.3.tgz', integrity, optional: true, os: ['darwin'] },
      },
    }));
    const out = join(dir, 'locked.cdx.json');
    expect(await main([tree, '--package', '--cyclonedx', out, '--processes', '0', '--quiet'])).toBe(0);
    const bom = JSON.parse(await readFile(out, 'utf8'));
    expect(bom.components.map((c: { purl: string }) => c.purl).sort()).toEqual(['pkg:npm/app@1.0.0', 'pkg:npm/fsevents@2.3.3', 'pkg:npm/ms@2.1.3']);
    const ms = bom.components.find((c: { purl: string }) => c.purl === 'pkg:npm/ms@2.1.3');
    expect(ms.hashes).toEqual([{ alg: 'SHA-512', content: Buffer.from(integrity.slice(7), 'base64').toString('hex') }]);
    expect(bom.metadata.component).toMatchObject({ name: 'locked', version: '1.0.0' });
    const app = bom.components.find((c: { purl: string }) => c.purl === 'pkg:npm/app@1.0.0');
    expect(bom.dependencies.find((d: { ref: string }) => d.ref === app['bom-ref']).dependsOn).toHaveLength(2);
  });

  it('writes SPDX tag-value for a name that is not .json, and with --spdx-tv', async () => {
    const [byName, byOption] = ['out.spdx', 'out-tv.json.txt'].map((n) => join(dir, n));
    expect(await main([join(dir, 'demo-1.0.0.tgz'), '--package', '--spdx', byName, '--spdx-tv', byOption, '--processes', '1', '--quiet'])).toBe(0);
    for (const file of [byName, byOption]) {
      const tv = await readFile(file, 'utf8');
      expect(tv.split('\n').slice(0, 2)).toEqual(['SPDXVersion: SPDX-2.3', 'DataLicense: CC0-1.0']);
      expect(tv).toContain('\nPackageName: demo\n');
      expect(tv).toContain('\nExternalRef: PACKAGE-MANAGER purl pkg:npm/demo@1.0.0\n');
      expect(tv).toMatch(/\nRelationship: SPDXRef-DOCUMENT-[0-9a-f-]+ DESCRIBES SPDXRef-/);
    }
  });

  it('refuses --license-text-diagnostics without --license-text, as the toolkit does', async () => {
    await expect(main([join(dir, 'demo-1.0.0.tgz'), '--license', '--license-text-diagnostics', '--json', join(dir, 'x.json'), '--quiet'])).rejects.toThrow('the option --license-text-diagnostics requires the option --license-text');
  });

  it('refuses a run without any output with a clear error', async () => {
    await expect(main([join(dir, 'demo-1.0.0.tgz'), '--quiet'])).rejects.toThrow('give at least one output: --json, --json-pp, --cyclonedx, --cyclonedx-xml, --spdx or --spdx-tv');
  });
});
