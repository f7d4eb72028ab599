import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmProjectTarball } from './support/npm-project';
import { useTestStack } from './support/test-stack';

const INPUTS = join(__dirname, 'fixtures', 'inputs');
// Two workers per runner: the suites run side by side with the rest of the tests.
const s = useTestStack({ SCAN_PROCESSES: '2' });

async function run(pipeline: string, file: string, name = pipeline, settings?: Record<string, unknown>) {
  const { project, run: finished } = await s.api.runUpload({ name: `${name}-${Date.now()}`, pipeline, file, settings });
  return { uuid: project.uuid as string, run: finished };
}

describe('scan_codebase on is-npm-1.0.0.tgz (ScanCode.io test input)', () => {
  let uuid: string;
  beforeAll(async () => {
    const r = await run('scan_codebase', join(INPUTS, 'is-npm-1.0.0.tgz'));
    expect(r.run.status).toBe('success');
    uuid = r.uuid;
  });

  it('creates the resources with ScanCode.io statuses', async () => {
    const resources: any[] = (await s.api.get(`/api/projects/${uuid}/resources/`)).body;
    expect(resources.map((r) => [r.path, r.type, r.status])).toEqual([
      ['is-npm-1.0.0.tgz', 'file', 'scanned'],
      ['is-npm-1.0.0.tgz-extract', 'directory', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package', 'directory', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package/index.js', 'file', 'scanned'],
      ['is-npm-1.0.0.tgz-extract/package/package.json', 'file', 'application-package'],
      ['is-npm-1.0.0.tgz-extract/package/readme.md', 'file', 'scanned'],
    ]);
    const readme = resources.find((r) => r.name === 'readme.md');
    expect(readme).toMatchObject({ detected_license_expression: 'mit', is_readme: true, holders: [{ holder: 'Sindre Sorhus', start_line: 30, end_line: 30 }] });
    const manifest = resources.find((r) => r.name === 'package.json');
    expect(manifest.package_data[0]).toMatchObject({ type: 'npm', name: 'is-npm', version: '1.0.0', datasource_id: 'npm_package_json', purl: 'pkg:npm/is-npm@1.0.0' });
    const linked = resources.filter((r) => r.for_packages.length > 0).map((r) => r.name);
    expect(linked).toEqual(['index.js', 'package.json', 'readme.md']);
  });

  it('assembles the package and its dependency', async () => {
    const packages: any[] = (await s.api.get(`/api/projects/${uuid}/packages/`)).body;
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({
      purl: 'pkg:npm/is-npm@1.0.0', type: 'npm', name: 'is-npm', version: '1.0.0', primary_language: 'JavaScript',
      declared_license_expression: 'mit', declared_license_expression_spdx: 'MIT', extracted_license_statement: 'MIT',
      repository_homepage_url: 'https://www.npmjs.com/package/is-npm', api_data_url: 'https://registry.npmjs.org/is-npm/1.0.0',
      vcs_url: 'https://github.com/sindresorhus/is-npm', datasource_ids: ['npm_package_json'],
      datafile_paths: ['is-npm-1.0.0.tgz-extract/package/package.json'],
    });
    expect(packages[0].package_uid).toMatch(/^pkg:npm\/is-npm@1\.0\.0\?uuid=[0-9a-f-]{36}$/);
    const dependencies: any[] = (await s.api.get(`/api/projects/${uuid}/dependencies/`)).body;
    expect(dependencies).toHaveLength(1);
    expect(dependencies[0]).toMatchObject({
      purl: 'pkg:npm/ava', extracted_requirement: '0.0.3', scope: 'devDependencies', is_runtime: false, is_optional: true,
      is_pinned: false, is_direct: true, for_package_uid: packages[0].package_uid, datafile_path: 'is-npm-1.0.0.tgz-extract/package/package.json',
      datasource_id: 'npm_package_json', package_type: 'npm',
    });
  });

  it('keeps the codebase in one pack object and serves each file from it', async () => {
    const keys: string[] = [];
    for await (const o of s.t.storage.list(`projects/${uuid}/`)) keys.push(o.key);
    expect(keys.filter((k) => k.includes('/codebase-packs/'))).toHaveLength(1);
    expect(keys.filter((k) => k.includes('/codebase/'))).toEqual([]);
    const content = async (path: string) => (await s.api.get(`/api/projects/${uuid}/file_content/?path=${encodeURIComponent(path)}`)).body.file_content;
    expect(await content('is-npm-1.0.0.tgz-extract/package/index.js')).toBe("'use strict';\nmodule.exports = 'npm_config_username' in process.env ||\n\t'npm_package_name' in process.env ||\n\t'npm_config_heading' in process.env;\n");
    expect(await content('is-npm-1.0.0.tgz-extract/package/readme.md')).toMatch(/^# is-npm .*\n[\s\S]*MIT © \[Sindre Sorhus\]\(http:\/\/sindresorhus.com\)\n$/);
  });

  it('updates the project counts and summaries when the run ends', async () => {
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    expect(detail).toMatchObject({ resource_count: 6, package_count: 1, dependency_count: 1 });
    expect(detail.codebase_resources_summary).toEqual({ 'application-package': 1, scanned: 5 });
  });
});

describe('inspect_packages with the StaticResolver group on an npm project with its lockfile', () => {
  it('creates the project package, the locked packages and the direct dependency edges', async () => {
    const form = new FormData();
    form.set('name', `inspect-${Date.now()}`);
    form.set('pipeline', 'inspect_packages:StaticResolver');
    form.set('execute_now', 'true');
    const file = npmProjectTarball();
    form.set('upload_file', new Blob([readFileSync(file)]), 'demo-app.tar.gz');
    const created = (await s.api.postForm('/api/projects/', form)).body;
    const finished = await s.api.waitForRun(created.runs[0].url, undefined, 120_000);
    expect(finished.status).toBe('success');
    const packages: any[] = (await s.api.get(`/api/projects/${created.uuid}/packages/`)).body;
    expect(packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    const byPurl = Object.fromEntries(packages.map((p) => [p.purl, p]));
    // package_only: the statement is kept, no license detection.
    expect(byPurl['pkg:npm/demo-app@2.1.0']).toMatchObject({ extracted_license_statement: 'Apache-2.0', declared_license_expression: '' });
    const deps: any[] = (await s.api.get(`/api/projects/${created.uuid}/dependencies/`)).body;
    const edges = deps.map((d) => [d.purl, d.scope, d.for_package_uid === byPurl['pkg:npm/demo-app@2.1.0'].package_uid, d.resolved_to_package_uid && packages.find((p) => p.package_uid === d.resolved_to_package_uid)?.purl]);
    expect(edges).toEqual(expect.arrayContaining([
      ['pkg:npm/ms', 'dependencies', true, 'pkg:npm/ms@2.1.3'],
      ['pkg:npm/is-number', 'devDependencies', true, 'pkg:npm/is-number@7.0.0'],
    ]));
    expect(deps.every((d) => d.is_direct)).toBe(true);
  });
});

describe('scan_single_package on is-npm-1.0.0.tgz', () => {
  it('loads the toolkit scan, links the package files and serves the summary', async () => {
    const r = await run('scan_single_package', join(INPUTS, 'is-npm-1.0.0.tgz'));
    expect(r.run.status).toBe('success');
    const resources: any[] = (await s.api.get(`/api/projects/${r.uuid}/resources/`)).body;
    expect(resources.map((x) => [x.path, x.status])).toEqual([
      ['package', ''],
      ['package/index.js', 'application-package'],
      ['package/package.json', 'application-package'],
      ['package/readme.md', 'application-package'],
    ]);
    const packages: any[] = (await s.api.get(`/api/projects/${r.uuid}/packages/`)).body;
    expect(packages.map((p) => [p.purl, p.declared_license_expression])).toEqual([['pkg:npm/is-npm@1.0.0', 'mit']]);
    expect((await s.api.get(`/api/projects/${r.uuid}/dependencies/`)).body.map((d: any) => d.purl)).toEqual(['pkg:npm/ava']);
    const detail = (await s.api.get(`/api/projects/${r.uuid}/`)).body;
    expect(detail.extra_data).toMatchObject({ filename: 'is-npm-1.0.0.tgz', size: 756 });
    const summary = (await s.api.get(`/api/projects/${r.uuid}/summary/`)).body;
    expect(Object.keys(summary)).toEqual([
      'declared_license_expression', 'license_clarity_score', 'declared_holder', 'primary_language', 'other_license_expressions',
      'other_holders', 'other_languages', 'license_matches', 'key_files', 'key_files_packages',
    ]);
    expect(summary).toMatchObject({
      declared_license_expression: 'mit',
      declared_holder: 'Sindre Sorhus',
      primary_language: 'JavaScript',
      other_languages: [],
    });
    expect(summary.license_clarity_score).toMatchObject({ declared_license: true, identification_precision: true, declared_copyrights: true });
    expect(summary.key_files.map((k: any) => k.path)).toContain('package/readme.md');
    expect(summary.key_files.find((k: any) => k.path === 'package/readme.md').content).toContain('Sindre Sorhus');
    expect(summary.key_files_packages.map((p: any) => p.purl)).toEqual(['pkg:npm/is-npm@1.0.0']);
  });

  it('applies the project policies: record alerts at the run end, the clarity alert in the summary', async () => {
    const policies = {
      license_policies: [{ license_key: 'MIT', compliance_alert: 'warning' }, { license_key: 'apache-2.0', compliance_alert: '' }],
      license_clarity_thresholds: { 95: 'ok', 80: 'warning', 0: 'error' },
    };
    const r = await run('scan_single_package', join(INPUTS, 'is-npm-1.0.0.tgz'), 'policies', { policies });
    expect(r.run.status).toBe('success');
    const packages: any[] = (await s.api.get(`/api/projects/${r.uuid}/packages/`)).body;
    expect(packages.map((p) => [p.declared_license_expression, p.compliance_alert])).toEqual([['mit', 'warning']]);
    const resources: any[] = (await s.api.get(`/api/projects/${r.uuid}/resources/`)).body;
    for (const x of resources) expect([x.path, x.compliance_alert]).toEqual([x.path, x.detected_license_expression ? 'warning' : '']);
    expect(resources.find((x) => x.path === 'package/readme.md').compliance_alert).toBe('warning');
    const summary = (await s.api.get(`/api/projects/${r.uuid}/summary/`)).body;
    expect(summary.license_clarity_score.score).toBe(90);
    expect(Object.keys(summary).at(-1)).toBe('license_clarity_compliance_alert');
    expect(summary.license_clarity_compliance_alert).toBe('warning');
    expect((await s.api.get(`/api/projects/${r.uuid}/`)).body.extra_data).toMatchObject({ license_clarity_compliance_alert: 'warning' });
  });

  it('reports a bad project policies document as an error message and runs on without policies', async () => {
    const r = await run('scan_single_package', join(INPUTS, 'is-npm-1.0.0.tgz'), 'bad-policies', { policies: 'license_clarity_thresholds:\n  0: error\n  80: ok\n' });
    expect(r.run.status).toBe('success');
    const messages: any[] = (await s.api.get(`/api/projects/${r.uuid}/messages/`)).body.results;
    expect(messages.filter((m) => m.severity === 'error').map((m) => [m.model, m.description])).toEqual([
      ['make_summary_from_scan_results', 'Thresholds must be strictly descending'],
    ]);
    expect((await s.api.get(`/api/projects/${r.uuid}/packages/`)).body.map((p: any) => p.compliance_alert)).toEqual(['']);
    expect((await s.api.get(`/api/projects/${r.uuid}/summary/`)).body).not.toHaveProperty('license_clarity_compliance_alert');
  });

  it('answers 400 when no summary exists', async () => {
    const created = (await s.api.post('/api/projects/', { name: `no-summary-${Date.now()}` })).body;
    expect(await s.api.get(`/api/projects/${created.uuid}/summary/`)).toMatchObject({ status: 400, body: { error: 'Summary file not available' } });
  });
});

describe('resolve_dependencies (StaticResolver) on an npm project', () => {
  it('flags manifests, resolves lockfile entries and reports manifests without a dynamic resolver', async () => {
    const form = new FormData();
    form.set('name', `resolve-${Date.now()}`);
    form.set('pipeline', 'resolve_dependencies:StaticResolver,DynamicResolver');
    form.set('execute_now', 'true');
    form.set('upload_file', new Blob([readFileSync(npmProjectTarball())]), 'demo-app.tar.gz');
    const created = (await s.api.postForm('/api/projects/', form)).body;
    expect((await s.api.waitForRun(created.runs[0].url, undefined, 120_000)).status).toBe('success');
    const resources: any[] = (await s.api.get(`/api/projects/${created.uuid}/resources/?status=application-package`)).body;
    expect(resources.map((x) => x.path)).toEqual(['demo-app.tar.gz-extract/npm-project/package-lock.json', 'demo-app.tar.gz-extract/npm-project/package.json']);
    const packages: any[] = (await s.api.get(`/api/projects/${created.uuid}/packages/`)).body;
    expect(packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    const errors: any[] = (await s.api.get(`/api/projects/${created.uuid}/errors/`)).body;
    expect(errors.map((e) => [e.model, e.message])).toEqual([
      ['get_packages_from_manifest', 'No packages could be resolved'],
      ['get_packages_from_manifest', 'No packages could be resolved'],
    ]);
  });
});

describe('load_sbom', () => {
  it('loads a CycloneDX BOM into packages and the dependency graph, keeping its headers', async () => {
    const r = await run('load_sbom', join(INPUTS, 'sboms', 'trivy-style-1.5.cdx.json'));
    expect(r.run.status).toBe('success');
    const packages: any[] = (await s.api.get(`/api/projects/${r.uuid}/packages/`)).body;
    expect(packages.map((p) => [p.purl, p.package_uid]).sort()).toEqual([
      ['pkg:npm/body-parser@1.20.1', 'pkg:npm/body-parser@1.20.1'],
      ['pkg:npm/express@4.18.2', 'pkg:npm/express@4.18.2'],
    ]);
    const deps: any[] = (await s.api.get(`/api/projects/${r.uuid}/dependencies/`)).body;
    expect(deps.map((d) => [d.for_package_uid, d.resolved_to_package_uid, d.is_direct])).toEqual([['pkg:npm/express@4.18.2', 'pkg:npm/body-parser@1.20.1', true]]);
    const resources: any[] = (await s.api.get(`/api/projects/${r.uuid}/resources/`)).body;
    expect(resources.map((x) => [x.path, x.status])).toEqual([['trivy-style-1.5.cdx.json', 'application-package']]);
    expect((await s.api.get(`/api/projects/${r.uuid}/`)).body.extra_data.sboms_headers).toHaveProperty(['trivy-style-1.5.cdx.json']);
  });

  it('reports an invalid document clearly and does not fail the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-sbom-'));
    const bad = join(dir, 'broken.cdx.json');
    writeFileSync(bad, '{"bomFormat": "CycloneDX", "specVersion": "1.5", "components": ');
    const r = await run('load_sbom', bad);
    expect(r.run.status).toBe('success');
    const errors: any[] = (await s.api.get(`/api/projects/${r.uuid}/errors/`)).body;
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^SBOM document "broken\.cdx\.json" is not valid: /)]);
  });
});
