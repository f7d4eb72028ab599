import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmProjectTarball, PIPELINE_INPUTS, usePipelineHarness, writeZip } from '@sca/testing';

const harness = usePipelineHarness();

describe('inspect_packages with the StaticResolver group on an npm project with its lockfile', () => {
  it('creates the project package, the locked packages and the direct dependency edges', async () => {
    const r = await harness().run({ pipeline: 'inspect_packages', groups: ['StaticResolver'], inputs: [npmProjectTarball()] });
    expect(r.status).toBe('success');
    expect(r.packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    const byPurl = Object.fromEntries(r.packages.map((p) => [p.purl, p]));
    // package_only leaves the datafile's statement undetected (ScanCode's list of declared licenses),
    // but the assembled package gets its license fields, the statement as YAML text (as ScanCode.io).
    expect(byPurl['pkg:npm/demo-app@2.1.0']).toMatchObject({ extracted_license_statement: '- Apache-2.0\n', declared_license_expression: 'apache-2.0' });
    const manifest = r.resources.find((x) => x.path.endsWith('npm-project/package.json'));
    expect(manifest?.package_data[0]).toMatchObject({ extracted_license_statement: ['Apache-2.0'], declared_license_expression: null });
    const edges = r.dependencies.map((d) => [
      d.purl, d.scope, d.for_package_uid === byPurl['pkg:npm/demo-app@2.1.0'].package_uid,
      d.resolved_to_package_uid && r.packages.find((p) => p.package_uid === d.resolved_to_package_uid)?.purl,
    ]);
    expect(edges).toEqual(expect.arrayContaining([
      ['pkg:npm/ms', 'dependencies', true, 'pkg:npm/ms@2.1.3'],
      ['pkg:npm/is-number', 'devDependencies', true, 'pkg:npm/is-number@7.0.0'],
    ]));
    expect(r.dependencies.every((d) => d.is_direct)).toBe(true);
  });
});

describe('inspect_packages on a zipped npm project with its installed node_modules', () => {
  it('reads the zip in place, and an installed package takes the checksum and download URL its lockfile entry records', async () => {
    const project = join(PIPELINE_INPUTS, 'npm-project');
    const zip = join(mkdtempSync(join(tmpdir(), 'npm-installed-')), 'demo-app.zip');
    await writeZip(zip, {
      'demo-app/package.json': readFileSync(join(project, 'package.json')),
      'demo-app/package-lock.json': readFileSync(join(project, 'package-lock.json')),
      'demo-app/index.js': readFileSync(join(project, 'index.js')),
      'demo-app/node_modules/ms/package.json': JSON.stringify({ name: 'ms', version: '2.1.3', license: 'MIT', description: 'Tiny millisecond conversion utility' }),
      'demo-app/node_modules/ms/index.js': 'module.exports = function () {};\n',
    });
    const r = await harness().run({ pipeline: 'inspect_packages', groups: ['StaticResolver'], inputs: [zip] });
    expect(r.status).toBe('success');
    const ms = r.packages.find((p) => p.purl === 'pkg:npm/ms@2.1.3');
    const integrity = Buffer.from('6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==', 'base64').toString('hex');
    expect(ms).toMatchObject({ sha512: integrity, download_url: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz', description: 'Tiny millisecond conversion utility' });
    expect(r.packages.filter((p) => p.purl === 'pkg:npm/ms@2.1.3')).toHaveLength(1);
    // The installed files belong to the package, read from the zip without extracting it.
    const files = r.resources.filter((f) => f.path.startsWith('demo-app.zip-extract/demo-app/node_modules/ms/'));
    expect(files.map((f) => [f.path, f.for_packages.length, f.sha1 !== ''])).toEqual([
      ['demo-app.zip-extract/demo-app/node_modules/ms/index.js', 1, true],
      ['demo-app.zip-extract/demo-app/node_modules/ms/package.json', 1, true],
    ]);
  });
});

describe('inspect_packages on datafiles flagged after collection', () => {
  it('leaves an ignored and an empty datafile as flagged, though collection scanned their package data', async () => {
    const zip = join(mkdtempSync(join(tmpdir(), 'npm-flagged-')), 'flagged.zip');
    await writeZip(zip, {
      'app/package.json': JSON.stringify({ name: 'app', version: '1.0.0' }),
      'app/vendor/old/package.json': JSON.stringify({ name: 'old', version: '0.1.0' }),
      'app/empty/package.json': '',
    });
    const r = await harness().run({ pipeline: 'inspect_packages', inputs: [zip], settings: { ignored_patterns: '*/vendor/*' } });
    expect(r.status).toBe('success');
    expect(r.packages.map((p) => p.purl)).toEqual(['pkg:npm/app@1.0.0']);
    const byPath = Object.fromEntries(r.resources.map((x) => [x.path.replace('flagged.zip-extract/', ''), x]));
    expect([byPath['app/package.json'].status, byPath['app/package.json'].package_data.length]).toEqual(['application-package', 1]);
    expect([byPath['app/vendor/old/package.json'].status, byPath['app/vendor/old/package.json'].package_data]).toEqual(['ignored-pattern', []]);
    expect([byPath['app/empty/package.json'].status, byPath['app/empty/package.json'].package_data]).toEqual(['ignored-empty-file', []]);
  });
});

describe('inspect_packages on a zip with a corrupt member', () => {
  it('lists the member, records its read error (CRC) as a message, and goes on with the others', async () => {
    const zip = join(mkdtempSync(join(tmpdir(), 'npm-corrupt-')), 'corrupt.zip');
    await writeZip(zip, {
      'app/package.json': JSON.stringify({ name: 'app', version: '1.0.0' }),
      'app/bad.txt': 'these bytes will not match the CRC the zip records\n',
    });
    // The central directory's CRC of app/bad.txt (46 bytes of header before the name, the CRC at 16).
    const bytes = readFileSync(zip);
    const name = bytes.lastIndexOf(Buffer.from('app/bad.txt'));
    bytes.writeUInt32LE((bytes.readUInt32LE(name - 46 + 16) ^ 0xffff) >>> 0, name - 46 + 16);
    writeFileSync(zip, bytes);
    const r = await harness().run({ pipeline: 'inspect_packages', inputs: [zip] });
    expect(r.status).toBe('success');
    const status = (path: string) => r.resources.find((f) => f.path === `corrupt.zip-extract/app/${path}`)?.status;
    expect(status('bad.txt')).toBe('resource-read-error');
    expect(status('package.json')).toBe('application-package');
    expect(r.packages.map((p) => p.purl)).toEqual(['pkg:npm/app@1.0.0']);
    expect(r.messages.filter((m) => m.details?.['resource_path'] === 'corrupt.zip-extract/app/bad.txt').map((m) => m.description)).toEqual([expect.stringContaining('CRC-32 mismatch')]);
  });
});
