import ExcelJS from 'exceljs';
import type { InfectedSample } from '@sca/testing';
import type { Api } from './api';

const RUN_TIMEOUT = 600_000;

/** A project made by scan_codebase from the sample, then scan_for_virus added to it and run. */
export async function scanCodebaseThenVirus(api: Api, sample: InfectedSample, name: string): Promise<{ uuid: string; virusRun: any }> {
  const { project, run } = await api.runUpload({ name: `${name}-${Date.now()}`, pipeline: 'scan_codebase', file: sample.tarball }, RUN_TIMEOUT);
  if (run.status !== 'success') throw new Error(`scan_codebase ended ${run.status}: ${run.task_output}`);
  return { uuid: project.uuid, virusRun: await addAndRunVirusScan(api, project.uuid) };
}

/** Adds scan_for_virus to the project, executed at once, and waits for its end. */
export async function addAndRunVirusScan(api: Api, uuid: string, done?: (status: string) => boolean): Promise<any> {
  const added = await api.post(`/api/projects/${uuid}/add_pipeline/`, { pipeline: 'scan_for_virus', execute_now: true });
  if (added.status !== 201) throw new Error(`add_pipeline answered ${added.status}: ${added.text}`);
  const runs: any[] = (await api.get(`/api/projects/${uuid}/`)).body.runs;
  const run = runs.find((r) => r.pipeline_name === 'scan_for_virus' && ['not_started', 'queued', 'running'].includes(r.status));
  if (!run) throw new Error(`no scan_for_virus run to wait for: ${JSON.stringify(runs.map((r) => [r.pipeline_name, r.status]))}`);
  return api.waitForRun(run.url, done, RUN_TIMEOUT);
}

const reportOf = (reason: string) => ({ clamav: { status: 'FOUND', reason } });

/** The MESSAGES sheet of the project's XLSX results, one object per row. */
async function xlsxMessages(api: Api, uuid: string): Promise<Record<string, string>[]> {
  const res = await fetch(`${api.baseUrl}/api/projects/${uuid}/results_download/?output_format=xlsx`);
  if (res.status !== 200) throw new Error(`results_download xlsx answered ${res.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('MESSAGES');
  if (!sheet) throw new Error('no MESSAGES sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, String(row.getCell(i + 1).value ?? '')])));
  });
  return rows;
}

/**
 * What the API shows after scan_for_virus on the sample: exactly the infected resources carry
 * `virus_report` (resources/, its `?extra_data=virus_report` filter, results/), one "Virus
 * detected" error each (messages/, errors/, results/ headers, the XLSX MESSAGES sheet), and the
 * project's summary.
 */
export async function expectInfectedThroughApi(api: Api, uuid: string, sample: InfectedSample): Promise<void> {
  const expected = Object.fromEntries(Object.entries(sample.infected).map(([path, reason]) => [path, reportOf(reason)]));
  const infectedPaths = Object.keys(sample.infected).sort();
  const withReport = (list: any[]) => Object.fromEntries(list.filter((r) => r.extra_data && 'virus_report' in r.extra_data).map((r) => [r.path, r.extra_data.virus_report]));

  const resources: any[] = (await api.get(`/api/projects/${uuid}/resources/`)).body;
  expect(withReport(resources)).toEqual(expected);
  const filtered: any[] = (await api.get(`/api/projects/${uuid}/resources/?extra_data=virus_report`)).body;
  expect(filtered.map((r) => r.path).sort()).toEqual(infectedPaths);

  const detected = (await api.get(`/api/projects/${uuid}/messages/?model=ScanForVirus&description=Virus%20detected`)).body;
  expect(detected.count).toBe(infectedPaths.length);
  expect(detected.results.map((m: any) => [m.severity, m.details.resource_path, m.details.status, m.details.reason]).sort()).toEqual(
    Object.entries(sample.infected).map(([path, reason]) => ['error', path, 'FOUND', reason]).sort(),
  );
  const errors: any[] = (await api.get(`/api/projects/${uuid}/errors/?model=ScanForVirus`)).body;
  expect(errors.map((e) => e.details.resource_path).sort()).toEqual(infectedPaths);

  const results = (await api.get(`/api/projects/${uuid}/results/`)).body;
  expect(withReport(results.files)).toEqual(expected);
  expect(results.headers[0].messages.filter((m: any) => m.description === 'Virus detected').map((m: any) => m.details.resource_path).sort()).toEqual(infectedPaths);
  const files = resources.filter((r) => r.type === 'file').length;
  const summary = { status: 'completed', files, infected: infectedPaths.length, errors: 0, not_scanned: sample.bigFile ? 1 : 0, files_scanned: files - (sample.bigFile ? 1 : 0) };
  expect(results.headers[0].extra_data.virus_scan).toMatchObject(summary);
  expect((await api.get(`/api/projects/${uuid}/`)).body.extra_data.virus_scan).toMatchObject(summary);

  const sheet = await xlsxMessages(api, uuid);
  const virusRows = sheet.filter((row) => row.description === 'Virus detected');
  expect(virusRows.map((row) => [row.severity, row.model]).every(([severity, model]) => severity === 'error' && model === 'ScanForVirus')).toBe(true);
  expect(virusRows.map((row) => /resource_path: (.+)\n/.exec(row.details)?.[1]).sort()).toEqual(infectedPaths);
}
