import { join } from 'node:path';
import { PIPELINE_INPUTS, usePipelineHarness, type HarnessResult } from '@sca/testing';

const harness = usePipelineHarness();

describe('scan_codebase on is-npm-1.0.0.tgz (ScanCode.io test input)', () => {
  let r: HarnessResult;
  beforeAll(async () => {
    r = await harness().run({ pipeline: 'scan_codebase', inputs: [join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 60_000);

  it('creates the resources with ScanCode.io statuses', () => {
    const { resources } = r;
    expect(resources.map((x) => [x.path, x.type, x.status])).toEqual([
      ['is-npm-1.0.0.tgz', 'file', 'scanned'],
      ['is-npm-1.0.0.tgz-extract', 'directory', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package', 'directory', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package/index.js', 'file', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package/package.json', 'file', 'application-package'],
      ['is-npm-1.0.0.tgz-extract/package/readme.md', 'file', 'scanned'],
    ]);
    const readme = resources.find((x) => x.name === 'readme.md');
    expect(readme).toMatchObject({ detected_license_expression: 'mit', is_readme: true, holders: [{ holder: 'Sindre Sorhus', start_line: 30, end_line: 30 }] });
    const manifest = resources.find((x) => x.name === 'package.json');
    expect(manifest?.package_data[0]).toMatchObject({ type: 'npm', name: 'is-npm', version: '1.0.0', datasource_id: 'npm_package_json', purl: 'pkg:npm/is-npm@1.0.0' });
    const linked = resources.filter((x) => x.for_packages.length > 0).map((x) => x.name);
    expect(linked).toEqual(['index.js', 'package.json', 'readme.md']);
  });

  it('assembles the package and its dependency', () => {
    const { packages } = r;
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({
      purl: 'pkg:npm/is-npm@1.0.0', type: 'npm', name: 'is-npm', version: '1.0.0', primary_language: 'JavaScript',
      // ScanCode's npm statement is the list of declared licenses, stored as its YAML text.
      declared_license_expression: 'mit', declared_license_expression_spdx: 'MIT', extracted_license_statement: '- MIT\n',
      repository_homepage_url: 'https://www.npmjs.com/package/is-npm', api_data_url: 'https://registry.npmjs.org/is-npm/1.0.0',
      vcs_url: 'https://github.com/sindresorhus/is-npm', datasource_ids: ['npm_package_json'],
      datafile_paths: ['is-npm-1.0.0.tgz-extract/package/package.json'],
    });
    expect(packages[0].package_uid).toMatch(/^pkg:npm\/is-npm@1\.0\.0\?uuid=[0-9a-f-]{36}$/);
    expect(r.dependencies).toHaveLength(1);
    expect(r.dependencies[0]).toMatchObject({
      purl: 'pkg:npm/ava', extracted_requirement: '0.0.3', scope: 'devDependencies', is_runtime: false, is_optional: true,
      is_pinned: false, is_direct: true, for_package_uid: packages[0].package_uid, datafile_path: 'is-npm-1.0.0.tgz-extract/package/package.json',
      datasource_id: 'npm_package_json', package_type: 'npm',
    });
  });

  it('collects the unique license detections with their file regions', () => {
    const mit = r.licenseDetections.filter((d) => d.license_expression === 'mit');
    expect(mit.length).toBeGreaterThan(0);
    expect(mit.flatMap((d) => d.file_regions.map((f) => f.path))).toEqual(expect.arrayContaining(['is-npm-1.0.0.tgz-extract/package/readme.md']));
  });

  it('logs each step, and the run leaves no message', () => {
    expect(r.log).toMatch(/Step \[scan_for_files\] completed in \d+\.\d\d seconds/);
    expect(r.messages).toEqual([]);
  });
});
