/**
 * scan_for_virus through the API, with clamd as it runs beside the service in docker-compose or
 * Kubernetes: another process on its own port that cannot see the runner's files (it runs in a
 * private mount namespace where RUNNER_WORK_DIR is an empty tmpfs), so every file reaches it by
 * INSTREAM. The upload holds EICAR plain and nested in archives, the marker of the body
 * signature, a file over clamd's StreamMaxLength, and a few thousand clean files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClamdClient } from '@sca/scanner';
import { buildInfectedSample, startTestClamd, type InfectedSample, type TestClamd } from '@sca/testing';
import { useTestStack } from './support/test-stack';
import { addAndRunVirusScan, expectInfectedThroughApi, scanCodebaseThenVirus } from './support/virus-scan';

const STREAM_MAX = 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'virus-e2e-'));
const runs = join(work, 'runs');
const env: Record<string, string> = {};
let clamd: TestClamd;
let sample: InfectedSample;

beforeAll(async () => {
  mkdirSync(runs);
  clamd = await startTestClamd({ streamMaxLength: STREAM_MAX, logClean: true, hiddenDirs: [runs] });
  sample = await buildInfectedSample(work, { cleanFiles: 3000, bigFileSize: STREAM_MAX + 1 });
  Object.assign(env, {
    SCAN_PROCESSES: '2',
    RUNNER_WORK_DIR: runs,
    CLAMD_TCP_ADDR: clamd.tcpAddr,
    CLAMD_STREAM_MAX_LENGTH: '1M',
    CLAMD_CONNECTIONS: '4',
    CLAMD_RETRIES: '2',
    CLAMD_RETRY_DELAY_MS: '100',
  });
}, 120_000);
// Registered after the hook above, so the stack starts with clamd's address in its environment.
const s = useTestStack(env);
afterAll(async () => {
  await clamd?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('scan_for_virus through the API, clamd without the runner\'s files', () => {
  let uuid: string;

  it('is listed as an add-on pipeline', async () => {
    const pipelines: any[] = (await s.api.get('/api/projects/pipelines/')).body;
    expect(pipelines.find((p) => p.name === 'scan_for_virus')).toEqual({
      name: 'scan_for_virus',
      summary: 'Run a ClamAV scan on the codebase directory to detect virus infection.',
      description: '',
      steps: [{ name: 'scan_for_virus', doc: 'Run a ClamAV scan to detect virus infection.', groups: [] }],
      available_groups: [],
      is_available: true,
      unavailable_reason: null,
    });
  });

  it('really cannot open a file of the runner\'s work directory', async () => {
    const probe = join(runs, 'probe.txt');
    writeFileSync(probe, 'hello\n');
    const reply = await new ClamdClient(clamd.address, { timeoutMs: 10_000 }).scanPath(probe);
    expect(reply).toEqual({ status: 'ERROR', message: expect.stringMatching(/No such file or directory/) });
    rmSync(probe);
  });

  it('after scan_codebase, reports exactly the infected resources, in resources/, results/, messages and the XLSX', async () => {
    const done = await scanCodebaseThenVirus(s.api, sample, 'virus-instream');
    uuid = done.uuid;
    expect(done.virusRun.status).toBe('success');
    expect(done.virusRun.log).toMatch(/Scanning with clamd at tcp:\/\/127\.0\.0\.1:\d+: ClamAV [\d.]+, INSTREAM, 4 connections/);
    const resources: any[] = (await s.api.get(`/api/projects/${uuid}/resources/?type=file`)).body;
    expect(resources.length).toBeGreaterThan(3000);
    await expectInfectedThroughApi(s.api, uuid, sample);
    const warnings = (await s.api.get(`/api/projects/${uuid}/messages/?model=ScanForVirus&severity=warning`)).body;
    expect(warnings.results.map((m: any) => m.details)).toEqual([
      { status: 'NOT_SCANNED', reason: `${STREAM_MAX + 1} bytes, more than clamd accepts (StreamMaxLength ${STREAM_MAX} bytes)`, resource_path: sample.bigFile },
    ]);
  }, 900_000);

  it('fails, naming clamd, when clamd is stopped during the run, and reports no file clean that it did not scan', async () => {
    expect(uuid).toBeDefined();
    const before = (await s.api.get(`/api/projects/${uuid}/resources/?extra_data=virus_report`)).body.map((r: any) => [r.path, r.extra_data.virus_report]);
    const cleanLogged = () => clamd.log().filter((l) => /^instream\(.*\): OK$/.test(l)).length;
    const logged = cleanLogged();
    const running = addAndRunVirusScan(s.api, uuid);
    let ended = false;
    void running.finally(() => (ended = true)).catch(() => undefined);
    while (!ended && cleanLogged() - logged < 500) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
    await clamd.kill();
    let run: any;
    try {
      run = await running;
    } finally {
      await clamd.restart();
    }
    expect(run.status).toBe('failure');
    expect(run.task_output).toMatch(new RegExp(`^Error with the ClamAV service: clamd at tcp://127\\.0\\.0\\.1:${clamd.address.port} is not answering while scanning .+ \\(3 attempts\\)`));
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    expect(detail.extra_data.virus_scan).toMatchObject({ status: 'failed', error: expect.stringContaining(`clamd at tcp://127.0.0.1:${clamd.address.port}`) });
    expect(detail.extra_data.virus_scan.files_scanned).toBeLessThan(detail.extra_data.virus_scan.files);
    const after = (await s.api.get(`/api/projects/${uuid}/resources/?extra_data=virus_report`)).body.map((r: any) => [r.path, r.extra_data.virus_report]);
    expect(after).toEqual(before);
  }, 300_000);
});
