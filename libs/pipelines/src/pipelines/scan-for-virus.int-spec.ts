/**
 * scan_for_virus in process, after the pipeline that left the codebase, against a real clamd
 * (scripts/test-tools.sh installs clamav-daemon) with the test signatures of libs/testing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfectedSample, freePort, startTestClamd, TEST_SIGNATURES, usePipelineHarness, type HarnessResult, type InfectedSample, type TestClamd } from '@sca/testing';

const STREAM_MAX = 256 * 1024;
const harness = usePipelineHarness();
let clamd: TestClamd;
let work: string;
let sample: InfectedSample;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'scan-for-virus-int-'));
  clamd = await startTestClamd({ streamMaxLength: STREAM_MAX, logClean: true });
  sample = await buildInfectedSample(work, { cleanFiles: 20, bigFileSize: STREAM_MAX + 1 });
}, 90_000);
afterAll(async () => {
  await clamd?.stop();
  rmSync(work, { recursive: true, force: true });
});

const clamdSettings = (overrides: Record<string, unknown> = {}) => ({ address: clamd.address, streamMaxLength: STREAM_MAX, retries: 2, retryDelayMs: 50, ...overrides });

/** The codebase first (kept in storage as the runner keeps it), then the add-on in the same project. */
async function scanThenVirus(inputs: string[], clamdOverrides: Record<string, unknown> = {}, first = 'scan_codebase'): Promise<{ codebase: HarnessResult; virus: HarnessResult }> {
  const codebase = await harness().run({ pipeline: first, inputs, keepCodebase: true });
  expect(codebase.status).toBe('success');
  const virus = await harness().run({ pipeline: 'scan_for_virus', projectUuid: codebase.projectUuid, clamd: clamd ? clamdSettings(clamdOverrides) : undefined });
  return { codebase, virus };
}

function reports(r: HarnessResult): Record<string, unknown> {
  return Object.fromEntries(r.resources.filter((x) => 'virus_report' in x.extra_data).map((x) => [x.path, x.extra_data.virus_report]));
}

const expectedReports = () => Object.fromEntries(Object.entries(sample.infected).map(([path, reason]) => [path, { clamav: { status: 'FOUND', reason } }]));

function expectInfectedFound(r: HarnessResult): void {
  expect(r.taskOutput).toBe('');
  expect(r.status).toBe('success');
  expect(reports(r)).toEqual(expectedReports());
  const virusMessages = r.messages.filter((m) => m.description === 'Virus detected');
  const byPath = (a: unknown[], b: unknown[]) => String((a[2] as { resource_path: string }).resource_path).localeCompare(String((b[2] as { resource_path: string }).resource_path));
  expect(virusMessages.map((m) => [m.severity, m.model, m.details]).sort(byPath)).toEqual(
    Object.entries(sample.infected).map(([resource_path, reason]) => ['error', 'ScanForVirus', { status: 'FOUND', reason, resource_path }]).sort(byPath),
  );
  expect(r.messages.filter((m) => m.model === 'ScanForVirus' && m.description !== 'Virus detected')).toEqual([
    expect.objectContaining({
      severity: 'warning',
      description: 'File not scanned for viruses',
      details: { status: 'NOT_SCANNED', reason: `${STREAM_MAX + 1} bytes, more than clamd accepts (StreamMaxLength ${STREAM_MAX} bytes)`, resource_path: sample.bigFile },
    }),
  ]);
  const files = r.resources.filter((x) => x.type === 'file').length;
  expect(r.extraData.virus_scan).toEqual({
    status: 'completed',
    clamd_version: expect.stringMatching(/^ClamAV \d+\.\d+/),
    signature_database_version: null,
    signature_database_date: null,
    mode: expect.any(String),
    connections: 2,
    files,
    files_scanned: files - 1,
    infected: Object.keys(sample.infected).length,
    errors: 0,
    not_scanned: 1,
  });
  expect(r.log).toMatch(new RegExp(`Scanned ${files - 1} of ${files} files with ClamAV .*: infected ${Object.keys(sample.infected).length}, errors 0, not scanned 1`));
}

describe('scan_for_virus after scan_codebase', () => {
  it('streams every file to clamd (INSTREAM) and reports exactly the infected resources, archives and extracted paths alike', async () => {
    const { virus } = await scanThenVirus([sample.tarball]);
    expectInfectedFound(virus);
    expect(virus.extraData.virus_scan).toMatchObject({ mode: 'INSTREAM' });
    expect(virus.resources.filter((x) => x.type === 'file').length).toBeGreaterThan(20);
  });

  it('gives the same result when clamd reads the restored files itself (CONTSCAN)', async () => {
    const { virus } = await scanThenVirus([sample.tarball], { sharedFilesystem: true });
    expectInfectedFound(virus);
    expect(virus.extraData.virus_scan).toMatchObject({ mode: 'CONTSCAN' });
  });

  it('clears the reports of an earlier run from the files now scanned clean, and only from them', async () => {
    const { codebase, virus: first } = await scanThenVirus([sample.tarball]);
    expectInfectedFound(first);
    const eicarOnly = await startTestClamd({ streamMaxLength: STREAM_MAX, signatures: ['eicar'] });
    try {
      const second = await harness().run({ pipeline: 'scan_for_virus', projectUuid: codebase.projectUuid, clamd: clamdSettings({ address: eicarOnly.address }) });
      expect(second.status).toBe('success');
      const marked = Object.entries(sample.infected).filter(([, reason]) => reason === TEST_SIGNATURES.marker).map(([path]) => path);
      expect(marked).toHaveLength(1);
      const stillInfected = Object.fromEntries(Object.entries(expectedReports()).filter(([path]) => !marked.includes(path)));
      expect(reports(second)).toEqual(stillInfected);
      expect(second.log).toContain('Removed the virus report of earlier runs from 1 file now scanned clean');
      expect(second.extraData.virus_scan).toMatchObject({ status: 'completed', infected: Object.keys(stillInfected).length });
    } finally {
      await eicarOnly.stop();
    }
  });

  it('records an error about a file clamd refuses (a limit set above its StreamMaxLength), and goes on', async () => {
    const { virus } = await scanThenVirus([sample.tarball], { streamMaxLength: STREAM_MAX * 4, retries: 1 });
    expect(virus.status).toBe('success');
    expect(reports(virus)).toEqual(expectedReports());
    expect(virus.messages.filter((m) => m.model === 'ScanForVirus' && m.description !== 'Virus detected')).toEqual([
      expect.objectContaining({
        severity: 'error',
        description: 'File not scanned for viruses',
        details: { status: 'ERROR', reason: expect.stringMatching(/^clamd (could not scan the file: INSTREAM size limit exceeded\.|dropped the connection 2 times while scanning the file)/), resource_path: sample.bigFile },
      }),
    ]);
    expect(virus.extraData.virus_scan).toMatchObject({ status: 'completed', errors: 1, not_scanned: 0, infected: Object.keys(sample.infected).length });
  });

  it('succeeds on clean files only, with no report and no message', async () => {
    const dir = mkdtempSync(join(work, 'clean-'));
    mkdirSync(join(dir, 'clean', 'src'), { recursive: true });
    writeFileSync(join(dir, 'clean', 'src', 'a.txt'), 'nothing to see\n');
    writeFileSync(join(dir, 'clean', 'empty.txt'), '');
    execFileSync('tar', ['-czf', join(dir, 'clean.tar.gz'), '-C', dir, 'clean']);
    const { codebase, virus } = await scanThenVirus([join(dir, 'clean.tar.gz')]);
    expect(codebase.resources.filter((x) => x.type === 'file').map((x) => x.path)).toEqual(['clean.tar.gz', 'clean.tar.gz-extract/clean/empty.txt', 'clean.tar.gz-extract/clean/src/a.txt']);
    expect(virus.status).toBe('success');
    expect(reports(virus)).toEqual({});
    expect(virus.messages).toEqual([]);
    expect(virus.extraData.virus_scan).toMatchObject({ status: 'completed', files: 3, files_scanned: 3, infected: 0, errors: 0, not_scanned: 0 });
  });

  it('fails, naming clamd, when clamd cannot be reached', async () => {
    const port = await freePort();
    const { virus } = await scanThenVirus([sample.tarball], { address: { kind: 'tcp', host: '127.0.0.1', port } });
    expect(virus.status).toBe('failure');
    expect(virus.taskOutput).toMatch(new RegExp(`^Error with the ClamAV service: clamd at tcp://127\\.0\\.0\\.1:${port} is not answering to VERSION: connect ECONNREFUSED`));
    expect(reports(virus)).toEqual({});
  });

  it('after a project loaded from a scan (no stored files), says that nothing could be scanned', async () => {
    const inventory = join(__dirname, '..', '..', '..', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json');
    const { codebase, virus } = await scanThenVirus([inventory], {}, 'load_inventory');
    const files = codebase.resources.filter((x) => x.type === 'file').length;
    expect(files).toBeGreaterThan(0);
    expect(virus.status).toBe('success');
    expect(virus.messages.filter((m) => m.model === 'ScanForVirus').map((m) => [m.severity, m.description])).toEqual([
      ['warning', `${files} files have no stored content (the project's codebase was not kept, e.g. loaded from a scan) and were not scanned for viruses`],
    ]);
    expect(virus.extraData.virus_scan).toMatchObject({ status: 'completed', files, files_scanned: 0, not_scanned: files });
  });
});

describe('clamd stopped during scan_for_virus', () => {
  it('fails the run naming clamd, says the scan failed, and clears no earlier report', async () => {
    const big = await buildInfectedSample(mkdtempSync(join(work, 'big-')), { name: 'many', cleanFiles: 1500 });
    const codebase = await harness().run({ pipeline: 'inspect_packages', inputs: [big.tarball], keepCodebase: true });
    expect(codebase.status).toBe('success');
    const first = await harness().run({ pipeline: 'scan_for_virus', projectUuid: codebase.projectUuid, clamd: clamdSettings() });
    expect(first.status).toBe('success');
    expect(Object.keys(reports(first)).sort()).toEqual(Object.keys(big.infected).sort());

    const cleanLogged = () => clamd.log().filter((l) => /^instream\(.*\): OK$/.test(l)).length;
    const before = cleanLogged();
    const run = harness().run({ pipeline: 'scan_for_virus', projectUuid: codebase.projectUuid, clamd: clamdSettings({ connections: 1 }) });
    let ended = false;
    void run.finally(() => (ended = true));
    while (!ended && cleanLogged() - before < 300) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
    await clamd.kill();
    let second: HarnessResult;
    try {
      second = await run;
    } finally {
      await clamd.restart();
    }
    expect(second.status).toBe('failure');
    expect(second.taskOutput).toMatch(new RegExp(`^Error with the ClamAV service: clamd at tcp://127\\.0\\.0\\.1:${clamd.address.port} is not answering while scanning .+ \\(3 attempts\\)`));
    const summary = second.extraData.virus_scan as Record<string, number | string>;
    expect(summary).toMatchObject({ status: 'failed', error: expect.stringContaining(`clamd at tcp://127.0.0.1:${clamd.address.port}`) });
    expect(summary.files_scanned).toBeGreaterThanOrEqual(300);
    expect(summary.files_scanned).toBeLessThan(summary.files as number);
    expect(reports(second)).toEqual(reports(first));
    expect(second.log).toMatch(/Scan failed after \d+ of \d+ files with ClamAV/);
  }, 180_000);
});
