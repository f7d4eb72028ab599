/**
 * scan_for_virus through the API with clamd on the runner's host (CLAMD_SHARED_FILESYSTEM): clamd
 * opens the restored files itself (CONTSCAN), as ScanCode.io's MULTISCAN does. Same upload as
 * virus-scan.e2e-spec.ts (INSTREAM, clamd without the files), same result expected.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfectedSample, startTestClamd, type InfectedSample, type TestClamd } from '@sca/testing';
import { useTestStack } from './support/test-stack';
import { expectInfectedThroughApi, scanCodebaseThenVirus } from './support/virus-scan';

const STREAM_MAX = 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'virus-shared-e2e-'));
const env: Record<string, string> = {};
let clamd: TestClamd;
let sample: InfectedSample;

beforeAll(async () => {
  clamd = await startTestClamd({ streamMaxLength: STREAM_MAX });
  sample = await buildInfectedSample(work, { cleanFiles: 3000, bigFileSize: STREAM_MAX + 1 });
  Object.assign(env, { SCAN_PROCESSES: '2', CLAMD_TCP_ADDR: clamd.tcpAddr, CLAMD_SHARED_FILESYSTEM: 'true', CLAMD_STREAM_MAX_LENGTH: String(STREAM_MAX) });
}, 120_000);
// Registered after the hook above, so the stack starts with clamd's address in its environment.
const s = useTestStack(env);
afterAll(async () => {
  await clamd?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('scan_for_virus through the API, clamd sharing the runner\'s file system', () => {
  it('after scan_codebase, reports exactly the infected resources, as with INSTREAM', async () => {
    const { uuid, virusRun } = await scanCodebaseThenVirus(s.api, sample, 'virus-shared-fs');
    expect(virusRun.status).toBe('success');
    expect(virusRun.log).toMatch(/Scanning with clamd at tcp:\/\/127\.0\.0\.1:\d+: ClamAV [\d.]+, CONTSCAN, 4 connections/);
    await expectInfectedThroughApi(s.api, uuid, sample);
  }, 900_000);
});
