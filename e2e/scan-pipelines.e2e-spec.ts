/**
 * One run of each built-in pipeline through the API: the wiring around the steps (uploads,
 * the run queue, the codebase pack and outputs in storage, the project counts, the record,
 * summary, results and download endpoints). What the pipelines produce is held to ScanCode.io's
 * results in process, next to the pipelines (libs/pipelines/src/pipelines/*.int-spec.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { differences, EXCLUDE_FROM_DIFF, normalizeResults, npmProjectTarball, PIPELINE_INPUTS, scancodeioTestdata, type Json, type JsonObject } from '@sca/testing';
import { asgirefFixture as fixture, cyclonedxDifferences, dump, expectOnlyKnown, spdxDifferences } from './support/asgiref-goldens';
import { useTestStack } from './support/test-stack';

// Two workers per runner: the suites run side by side with the rest of the tests.
const s = useTestStack({ SCAN_PROCESSES: '2' });

async function run(pipeline: string, file: string, name = pipeline) {
  const { project, run: finished } = await s.api.runUpload({ name: `${name}-${Date.now()}`, pipeline, file });
  return { uuid: project.uuid as string, run: finished };
}

describe('scan_codebase through the API', () => {
  let uuid: string;
  beforeAll(async () => {
    const r = await run('scan_codebase', join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz'));
    expect(r.run.status).toBe('success');
    uuid = r.uuid;
  });

  it('serves the resources the run created', async () => {
    const resources: any[] = (await s.api.get(`/api/projects/${uuid}/resources/`)).body;
    expect(resources.map((r) => r.path)).toHaveLength(6);
    expect(resources.find((r) => r.name === 'package.json').status).toBe('application-package');
  });

  it('keeps the codebase in one pack object beside the stored input and serves each file from them', async () => {
    const keys: string[] = [];
    for await (const o of s.t.storage.list(`projects/${uuid}/`)) keys.push(o.key);
    // The pack, and a copy of the input made inside the store (the tarball's entry points there: it is not uploaded again).
    expect(keys.filter((k) => k.includes('/codebase-packs/')).map((k) => k.replace(/^.*\/codebase-packs\/[^.]+/, ''))).toEqual(['.input.is-npm-1.0.0.tgz', '.pack']);
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

describe('a zip read in place through the API', () => {
  it('serves each member from the stored copy of the input: the bytes the wheel\'s RECORD lists', async () => {
    const r = await run('scan_codebase', scancodeioTestdata('scancode', 'daglib-0.6.0-py3-none-any.whl'), 'wheel');
    expect(r.run.status).toBe('success');
    const keys: string[] = [];
    for await (const o of s.t.storage.list(`projects/${r.uuid}/codebase-packs/`)) keys.push(o.key);
    expect(keys.filter((k) => k.endsWith('.input.daglib-0.6.0-py3-none-any.whl'))).toHaveLength(1);
    const base = 'daglib-0.6.0-py3-none-any.whl-extract/';
    const content = async (path: string): Promise<string> => (await s.api.get(`/api/projects/${r.uuid}/file_content/?path=${encodeURIComponent(base + path)}`)).body.file_content;
    const listed = (await content('daglib-0.6.0.dist-info/RECORD')).split('\n').map((line) => line.split(',')).filter(([, hash]) => hash?.startsWith('sha256='));
    expect(listed.length).toBe(6);
    for (const [path, hash] of listed) expect(`sha256=${createHash('sha256').update(await content(path)).digest('base64url')}`).toBe(hash);
  });
});

describe('inspect_packages with the StaticResolver group through the API', () => {
  it('runs the selected group and serves the packages', async () => {
    const r = await run('inspect_packages:StaticResolver', npmProjectTarball(), 'inspect');
    expect(r.run.status).toBe('success');
    expect(r.run.log).toContain('Step [resolve_dependencies] completed');
    const packages: any[] = (await s.api.get(`/api/projects/${r.uuid}/packages/`)).body;
    expect(packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
  });
});

describe('scan_single_package through the API', () => {
  it('serves the summary the run left in output/', async () => {
    const r = await run('scan_single_package', join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz'));
    expect(r.run.status).toBe('success');
    expect((await s.api.get(`/api/projects/${r.uuid}/`)).body.extra_data).toMatchObject({ filename: 'is-npm-1.0.0.tgz', size: 756 });
    const summary = (await s.api.get(`/api/projects/${r.uuid}/summary/`)).body;
    expect(summary).toMatchObject({ declared_license_expression: 'mit', declared_holder: 'Sindre Sorhus' });
  });

  it('answers 400 when no summary exists', async () => {
    const created = (await s.api.post('/api/projects/', { name: `no-summary-${Date.now()}` })).body;
    expect(await s.api.get(`/api/projects/${created.uuid}/summary/`)).toMatchObject({ status: 400, body: { error: 'Summary file not available' } });
  });
});

describe('resolve_dependencies through the API', () => {
  it('serves the manifests it flagged and the errors it recorded', async () => {
    const r = await run('resolve_dependencies:StaticResolver,DynamicResolver', npmProjectTarball(), 'resolve');
    expect(r.run.status).toBe('success');
    const resources: any[] = (await s.api.get(`/api/projects/${r.uuid}/resources/?status=application-package`)).body;
    expect(resources.map((x) => x.path)).toEqual(['demo-app.tar.gz-extract/npm-project/package-lock.json', 'demo-app.tar.gz-extract/npm-project/package.json']);
    const errors: any[] = (await s.api.get(`/api/projects/${r.uuid}/errors/`)).body;
    expect(errors.map((e) => e.model)).toEqual(['get_packages_from_manifest', 'get_packages_from_manifest']);
  });
});

describe('load_sbom through the API', () => {
  it('serves the packages and the SBOM headers', async () => {
    const r = await run('load_sbom', join(PIPELINE_INPUTS, 'sboms', 'trivy-style-1.5.cdx.json'));
    expect(r.run.status).toBe('success');
    const deps: any[] = (await s.api.get(`/api/projects/${r.uuid}/dependencies/`)).body;
    expect(deps.map((d) => [d.for_package_uid, d.resolved_to_package_uid])).toEqual([['pkg:npm/express@4.18.2', 'pkg:npm/body-parser@1.20.1']]);
    expect((await s.api.get(`/api/projects/${r.uuid}/`)).body.extra_data.sboms_headers).toHaveProperty(['trivy-style-1.5.cdx.json']);
  });
});

describe('load_inventory of ScanCode.io\'s asgiref-3.3.0 toolkit scan, results and downloads against its goldens', () => {
  // The project is named `asgiref`, as ScanCode.io's tests name it (the name is in the goldens).
  let uuid: string;
  let results: JsonObject;
  const golden = JSON.parse(fixture('asgiref-3.3.0_scanpipe_output.json')) as JsonObject;

  async function download(path: string): Promise<string> {
    const res = await fetch(`${s.api.baseUrl}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  }

  beforeAll(async () => {
    const form = new FormData();
    form.set('name', 'asgiref');
    form.set('pipeline', 'load_inventory');
    form.set('execute_now', 'true');
    form.set('upload_file', new Blob([fixture('asgiref-3.3.0_toolkit_scan.json')]), 'asgiref-3.3.0_toolkit_scan.json');
    const created = await s.api.postForm('/api/projects/', form);
    expect(created.status).toBe(201);
    uuid = created.body.uuid;
    const run = await s.api.waitForRun(created.body.runs[0].url, undefined, 120_000);
    expect(run.status).toBe('success');
    const r = await s.api.get(`/api/projects/${uuid}/results/`);
    expect(r.status).toBe(200);
    dump('results.json', r.text);
    results = r.body;
  }, 180_000);

  it('has the five sections in order, the golden records in the golden order', () => {
    expect(Object.keys(results)).toEqual(Object.keys(golden));
    const n = normalizeResults(results);
    const g = normalizeResults(golden);
    // Packages in ScanCode.io's output order (type, namespace, name, version); the records themselves are compared in process.
    expect((n.packages as JsonObject[]).map((p) => p.purl)).toEqual((g.packages as JsonObject[]).map((p) => p.purl));
    expect((n.files as JsonObject[]).map((f) => f.path)).toEqual((g.files as JsonObject[]).map((f) => f.path));
  });

  it('has the golden headers after ScanCode.io normalization, field by field, except the known differences', () => {
    expectOnlyKnown('results', differences(normalizeResults(golden).headers, normalizeResults(results).headers, 'headers'));
  });

  it('also matches on the header fields that normalization drops for being volatile or OS dependent, except the known differences', () => {
    const kept = ['description', 'size', 'mime_type', 'file_type', 'is_script', 'notes', 'settings', 'compliance_alert', 'other_tools'];
    const exclude = EXCLUDE_FROM_DIFF.filter((k) => !kept.includes(k));
    const found = differences(normalizeResults(golden, exclude).headers, normalizeResults(results, exclude).headers, 'headers');
    const onKept = new RegExp(`\\.(${kept.join('|')})(\\[|\\.| |$)`);
    expectOnlyKnown('dropped', found.filter((d) => onKept.test(d.where)));
  });

  it('writes the headers with the golden key order', () => {
    const keys = (doc: JsonObject) => (doc.headers as JsonObject[]).map((r) => Object.keys(r));
    expect(keys(results)).toEqual(keys(golden));
  });

  it('SPDX has the golden structure, packages and licenses', async () => {
    const ours = JSON.parse(await download(`/api/projects/${uuid}/results_download/?output_format=spdx`)) as JsonObject;
    dump('results.spdx.json', JSON.stringify(ours, null, 2));
    expectOnlyKnown('spdx', spdxDifferences(JSON.parse(fixture('asgiref-3.3.0.spdx.json')) as JsonObject, ours));
  });

  it('CycloneDX has the golden structure, components and licenses', async () => {
    const ours = JSON.parse(await download(`/api/projects/${uuid}/results_download/?output_format=cyclonedx`)) as JsonObject;
    dump('results.cdx.json', JSON.stringify(ours, null, 2));
    expectOnlyKnown('cyclonedx', cyclonedxDifferences(JSON.parse(fixture('asgiref-3.3.0.cdx.json')) as JsonObject, ours));
  });

  it('the ORT package list is the golden', async () => {
    const ours = await download(`/api/projects/${uuid}/results_download/?output_format=ort-package-list`);
    dump('results.package-list.yml', ours);
    const gold = fixture('asgiref-3.3.0.package-list.yml');
    expectOnlyKnown('ort', differences(parseYaml(gold) as Json, parseYaml(ours) as Json, 'document'));
    // The text, line by line: the same lines but for how empty values and blocks are spelled.
    const goldLines = gold.split('\n');
    const ourLines = ours.split('\n');
    expect(ourLines.length).toBe(goldLines.length);
    expectOnlyKnown('ort-text', goldLines.flatMap((line, i) => (line === ourLines[i] ? [] : [{ where: `line ${i + 1}`, golden: line, ours: ourLines[i] }])));
  });
});
