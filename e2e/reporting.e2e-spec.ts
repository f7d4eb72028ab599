import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import { fromBuffer, type Entry } from 'yauzl';
import { npmProjectTarball, PIPELINE_INPUTS as INPUTS, validateCycloneDxJson, validateSpdxJson } from '@sca/testing';
import { useTestStack } from './support/test-stack';

const s = useTestStack({ SCAN_PROCESSES: '2' });

async function createProject(name: string, pipeline: string, file: string, settings?: Record<string, unknown>): Promise<string> {
  const { project, run } = await s.api.runUpload({ name, pipeline, file, settings });
  expect(run.status).toBe('success');
  return project.uuid as string;
}

async function download(path: string): Promise<{ status: number; type: string; disposition: string; body: Buffer }> {
  const res = await fetch(`${s.api.baseUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

function zipEntries(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

async function sheets(data: Buffer): Promise<Record<string, string[]>> {
  const workbook = new Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const out: Record<string, string[]> = {};
  workbook.eachSheet((sheet) => {
    out[sheet.name] = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  });
  return out;
}

/** The distinct package-to-package edges (a manifest and its lockfile may both declare one). */
const edgesOf = (deps: any[], packages: any[]) => {
  const purlByUid = new Map(packages.map((p) => [p.package_uid, p.purl]));
  const edges = deps.filter((d) => d.for_package_uid && d.resolved_to_package_uid)
    .map((d) => `${purlByUid.get(d.for_package_uid)} -> ${purlByUid.get(d.resolved_to_package_uid)}`);
  return [...new Set(edges)].sort();
};

describe('results and downloads', () => {
  let scanned: string;
  let inspected: string;
  beforeAll(async () => {
    [scanned, inspected] = await Promise.all([
      createProject('Analysis Scan', 'scan_codebase', join(INPUTS, 'is-npm-1.0.0.tgz')),
      createProject(`inspect-${Date.now()}`, 'inspect_packages:StaticResolver', npmProjectTarball()),
    ]);
  }, 180_000);

  it('streams the results document with the five sections in order', async () => {
    const r = await s.api.get(`/api/projects/${scanned}/results/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('content-disposition')).toBeNull();
    expect(r.text.startsWith('{\n"headers": [\n')).toBe(true);
    expect(Object.keys(r.body)).toEqual(['headers', 'packages', 'dependencies', 'files', 'relations']);
    const [header] = r.body.headers;
    expect(Object.keys(header)).toEqual([
      'tool_name', 'tool_version', 'other_tools', 'notice', 'uuid', 'created_date', 'notes', 'settings', 'input_sources', 'runs', 'messages', 'extra_data',
    ]);
    expect(header).toMatchObject({ tool_name: 'scanpipe', uuid: scanned });
    expect(header.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(header.input_sources).toEqual([
      expect.objectContaining({ filename: 'is-npm-1.0.0.tgz', is_uploaded: true, size: 756, is_file: true, exists: true }),
    ]);
    expect(header.runs[0]).toMatchObject({ pipeline_name: 'scan_codebase', status: 'success' });
    expect(header.runs[0]).not.toHaveProperty('url');
    expect(r.body.packages.map((p: any) => p.purl)).toEqual(['pkg:npm/is-npm@1.0.0']);
    expect(r.body.files.map((f: any) => f.path)).toEqual([
      'is-npm-1.0.0.tgz', 'is-npm-1.0.0.tgz-extract', 'is-npm-1.0.0.tgz-extract/package', 'is-npm-1.0.0.tgz-extract/package/index.js',
      'is-npm-1.0.0.tgz-extract/package/package.json', 'is-npm-1.0.0.tgz-extract/package/readme.md',
    ]);
  });

  it('downloads json as an attachment named after the project', async () => {
    const r = await download(`/api/projects/${scanned}/results_download/`);
    expect(r.status).toBe(200);
    expect(r.disposition).toBe('attachment; filename="scancodeio_analysis_scan.json"');
    expect(Object.keys(JSON.parse(r.body.toString('utf8')))).toEqual(['headers', 'packages', 'dependencies', 'files', 'relations']);
  });

  it('refuses an unknown format, an unknown SBOM version and an unknown project', async () => {
    expect((await s.api.get(`/api/projects/${scanned}/results_download/?output_format=pdf`)).body).toEqual({ status: 'Format pdf not supported.' });
    expect((await s.api.get(`/api/projects/${scanned}/results_download/?output_format=spdx&version=9`)).status).toBe(400);
    expect((await s.api.get(`/api/projects/${scanned}/results_download/?output_format=cyclonedx&version=1.1`)).status).toBe(400);
    const missing = await s.api.get('/api/projects/00000000-0000-4000-8000-000000000000/results/');
    expect(missing).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
  });

  it.each([
    ['scanned', () => scanned],
    ['inspected', () => inspected],
  ])('every download of the %s project validates', async (_label, uuid) => {
    const base = `/api/projects/${uuid()}/results_download/?output_format=`;
    const spdx = await download(`${base}spdx`);
    expect(spdx.disposition).toMatch(/^attachment; filename="scancodeio_.*_results-\d{4}(-\d\d){5}\.spdx\.json"$/);
    expect(validateSpdxJson(spdx.body.toString('utf8'), '2.3')).toBeNull();
    expect(validateSpdxJson((await download(`${base}spdx&version=2.2`)).body.toString('utf8'), '2.2')).toBeNull();
    for (const version of ['1.4', '1.5', '1.6']) {
      const cdx = await download(`${base}cyclonedx&version=${version}`);
      expect(cdx.type).toMatch(/^application\/json/);
      expect((await validateCycloneDxJson(cdx.body.toString('utf8'), version)).errors).toBeNull();
    }
    const xml = await download(`${base}cyclonedx&format=xml`);
    expect(xml.type).toMatch(/^application\/xml/);
    expect(xml.body.toString('utf8')).toContain('<bom xmlns="http://cyclonedx.org/schema/bom/1.6"');
    const xlsx = await download(`${base}xlsx`);
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const names = await sheets(xlsx.body);
    expect(Object.keys(names).slice(0, 5)).toEqual(['PACKAGES', 'DEPENDENCIES', 'RESOURCES', 'RELATIONS', 'MESSAGES']);
    expect(names['RESOURCES']).toEqual([
      'path', 'type', 'name', 'status', 'for_packages', 'tag', 'extension', 'size', 'mime_type', 'file_type', 'programming_language',
      'detected_license_expression', 'detected_license_expression_spdx', 'percentage_of_license_text', 'copyrights', 'holders', 'authors',
      'emails', 'urls', 'md5', 'sha1', 'sha256', 'sha512', 'sha1_git', 'is_binary', 'is_text', 'is_archive', 'is_media', 'is_legal',
      'is_manifest', 'is_readme', 'is_top_level', 'is_key_file', 'xlsx_errors',
    ]);
    const html = (await download(`${base}attribution`)).body.toString('utf8');
    expect(html).toMatch(/<\/html>\s*$/);
    expect(html).toContain('Attribution for');
    const ort = await download(`${base}ort-package-list`);
    expect(ort.disposition).toMatch(/\.package-list\.yml"$/);
    expect(ort.body.toString('utf8')).toMatch(/^projectName: /);
  });

  it('zips all formats, keeps every generated file in outputs, and zips the outputs', async () => {
    const all = await download(`/api/projects/${scanned}/results_download/?output_format=all_formats`);
    expect(all.type).toBe('application/zip');
    expect(all.disposition).toBe('attachment; filename="scancodeio_analysis_scan_analysis_scan_outputs.zip"');
    const entries = [...(await zipEntries(all.body)).keys()];
    expect(entries.map((e) => e.replace(/\d{4}(-\d\d){5}/, 'TS'))).toEqual([
      'analysis_scan_results-TS.json', 'analysis_scan_results-TS.xlsx', 'analysis_scan_results-TS.spdx.json',
      'analysis_scan_results-TS.cdx.json', 'analysis_scan_results-TS.attribution.html', 'analysis_scan_results-TS.package-list.yml',
    ]);
    const listed: any[] = (await s.api.get(`/api/projects/${scanned}/outputs/`)).body;
    const names = listed.map((o) => o.filename);
    for (const suffix of ['.json', '.xlsx', '.spdx.json', '.cdx.json', '.cdx.xml', '.attribution.html', '.package-list.yml']) expect(names.some((n) => n.endsWith(suffix))).toBe(true);
    expect(listed[0].download_url).toBe(`${s.api.baseUrl}/api/projects/${scanned}/outputs/?filename=${listed[0].filename}`);
    const one = await download(`/api/projects/${scanned}/outputs/?filename=${names.find((n) => n.endsWith('.spdx.json'))}`);
    expect(one.disposition).toMatch(/^inline; filename="results-.*\.spdx\.json"$/);
    expect(JSON.parse(one.body.toString('utf8')).spdxVersion).toMatch(/^SPDX-2\.[23]$/);
    expect((await s.api.get(`/api/projects/${scanned}/outputs/?filename=../input/is-npm-1.0.0.tgz`)).body).toEqual({ status: 'Output file ../input/is-npm-1.0.0.tgz not found' });
    const outputs = await download(`/api/projects/${scanned}/results_download/?output_format=all_outputs`);
    expect([...(await zipEntries(outputs.body)).keys()].sort()).toEqual([...names].sort());
  });

  it('round-trips the SPDX and CycloneDX exports through load_sbom', async () => {
    const packages: any[] = (await s.api.get(`/api/projects/${inspected}/packages/`)).body;
    const deps: any[] = (await s.api.get(`/api/projects/${inspected}/dependencies/`)).body;
    const purls = packages.map((p) => p.purl).sort();
    const edges = edgesOf(deps, packages);
    expect(edges.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'sbom-roundtrip-'));
    for (const [format, file] of [['spdx', 'export.spdx.json'], ['cyclonedx', 'export.cdx.json']]) {
      const exported = await download(`/api/projects/${inspected}/results_download/?output_format=${format}`);
      const path = join(dir, file);
      writeFileSync(path, exported.body);
      const loaded = await createProject(`roundtrip-${format}-${Date.now()}`, 'load_sbom', path);
      const loadedPackages: any[] = (await s.api.get(`/api/projects/${loaded}/packages/`)).body;
      const loadedDeps: any[] = (await s.api.get(`/api/projects/${loaded}/dependencies/`)).body;
      expect(loadedPackages.map((p) => p.purl).sort()).toEqual(purls);
      expect(edgesOf(loadedDeps, loadedPackages)).toEqual(edges);
    }
  }, 120_000);
});

describe('load_sbom on SBOMs made by other tools', () => {
  it.each(['1.5', '1.6'])('loads the cdxgen 12.8.4 CycloneDX %s SBOM of the npm project with its dependency graph', async (version) => {
    const uuid = await createProject(`cdxgen-${version}-${Date.now()}`, 'load_sbom', join(INPUTS, 'sboms', `cdxgen-12.8.4-npm-project-${version}.cdx.json`));
    const packages: any[] = (await s.api.get(`/api/projects/${uuid}/packages/`)).body;
    expect(packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    const deps: any[] = (await s.api.get(`/api/projects/${uuid}/dependencies/`)).body;
    expect(edgesOf(deps, packages)).toEqual(['pkg:npm/demo-app@2.1.0 -> pkg:npm/is-number@7.0.0', 'pkg:npm/demo-app@2.1.0 -> pkg:npm/ms@2.1.3']);
  }, 120_000);
});

describe('project report and compliance', () => {
  it('answers the report errors with ScanCode.io bodies', async () => {
    expect(await s.api.get('/api/projects/report/')).toMatchObject({
      status: 400, body: { error: 'Specifies the model to include in the XLSX report. Using: ?model=MODEL', choices: 'package, dependency, resource, relation, message, todo' },
    });
    expect((await s.api.get('/api/projects/report/?model=nope')).body.error).toBe('nope is not one of the valid choices');
  });

  it('builds one sheet over the filtered projects with a project column', async () => {
    const name = `report-${Date.now()}`;
    await createProject(name, 'scan_codebase', join(INPUTS, 'is-npm-1.0.0.tgz'));
    const r = await download(`/api/projects/report/?model=package&name__contains=${name}`);
    expect(r.status).toBe(200);
    expect(r.disposition).toMatch(/^attachment; filename="scancodeio-report-\d{4}(-\d\d){5}\.xlsx"$/);
    const workbook = new Workbook();
    await workbook.xlsx.load(r.body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['PACKAGES']);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[])[1]).toBe('project');
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[])[1]).toBe(name);
    const todo = await download(`/api/projects/report/?model=todo&name__contains=${name}`);
    const todoBook = new Workbook();
    await todoBook.xlsx.load(todo.body as unknown as ArrayBuffer);
    expect(todoBook.worksheets.map((w) => w.name)).toEqual(['TODOS']);
  }, 120_000);

  it('reports no alerts without policies, and refuses an unknown fail_level', async () => {
    const uuid = await createProject(`compliance-none-${Date.now()}`, 'scan_codebase', join(INPUTS, 'is-npm-1.0.0.tgz'));
    expect((await s.api.get(`/api/projects/${uuid}/compliance/`)).body).toEqual({ compliance_alerts: {} });
    expect((await s.api.get(`/api/projects/${uuid}/compliance/?fail_level=bogus`)).status).toBe(400);
    expect((await s.api.get(`/api/projects/${uuid}/license_clarity_compliance/`)).body).toEqual({ license_clarity_compliance_alert: null });
    expect((await s.api.get(`/api/projects/${uuid}/scorecard_compliance/`)).body).toEqual({ scorecard_compliance_alert: null });
  }, 120_000);

  it('lists the alerts of the project policies by fail level, and keeps compliance_alert in the XLSX', async () => {
    const policies = { license_policies: [{ license_key: 'mit', compliance_alert: 'error' }, { license_key: 'apache-2.0', compliance_alert: '' }] };
    const uuid = await createProject(`compliance-${Date.now()}`, 'scan_codebase', join(INPUTS, 'is-npm-1.0.0.tgz'), { policies });
    const body = (await s.api.get(`/api/projects/${uuid}/compliance/?fail_level=ERROR`)).body;
    expect(Object.keys(body.compliance_alerts)).toEqual(['packages', 'license_detections', 'resources']);
    expect(body.compliance_alerts.packages).toEqual({ error: ['pkg:npm/is-npm@1.0.0'] });
    expect(body.compliance_alerts.resources.error).toEqual(expect.arrayContaining(['is-npm-1.0.0.tgz-extract/package/readme.md']));
    expect(Object.keys(body.compliance_alerts.license_detections)).toEqual(['error']);
    const xlsx = await download(`/api/projects/${uuid}/results_download/?output_format=xlsx`);
    expect((await sheets(xlsx.body))['PACKAGES']).toContain('compliance_alert');
  }, 120_000);
});
