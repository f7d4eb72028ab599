import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startTestStack, TestStack } from './support/test-stack';

/*
 * Tokens that share a real key's 8-character lookup prefix reach the stored verifier; tokens with
 * an unknown prefix do not. If checking the verifier is expensive on project-store's event loop,
 * the first kind starves every RPC. The valid key's latency under each load is compared, so the
 * check is relative to what this machine does at that moment, plus a ceiling.
 */

const ATTACKERS = 200;
const LOAD_MS = 6_000;
/** The valid key's own clients, each sending one request after another. */
const VALID_CLIENTS = 3;
/** Slack for a 2-core machine shared with other test runs: the loads must be alike, not equal. */
const RATIO = 2;
const ABSOLUTE_SLACK_MS = 100;
const CEILING_MS = 500;
/** Measurements of the pair before the bounds are asserted on the last one (see the test). */
const ATTEMPTS = 3;

let t: TestStack;
let key: string;

beforeAll(async () => {
  t = await startTestStack({ SERVICE_REQUIRE_AUTHENTICATION: 'true' });
  const out = execFileSync(process.execPath, [join(__dirname, '..', 'dist/apps/project-store/src/cli.js'), 'create-user', 'alice', '--generate-api-key'], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
  key = /API key: ([0-9a-f]{64})/.exec(out)?.[1] ?? '';
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

interface FloodResult {
  sent: number;
  statuses: Record<string, number>;
}

/** ATTACKERS requests in flight for LOAD_MS from a worker thread (see token-flood.worker.js). */
function flood(prefix: string | null): Promise<FloodResult> {
  const worker = new Worker(join(__dirname, 'support', 'token-flood.worker.js'), {
    workerData: { url: `${t.baseUrl}/api/projects/`, prefix, avoidPrefix: key.slice(0, 8), concurrency: ATTACKERS, durationMs: LOAD_MS },
  });
  return new Promise<FloodResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

/**
 * The valid key's p99 while a flood runs: requests are sent until the flood ends, then those
 * still running finish. A stuck request is cut at 20 s so that the test reports instead of hanging.
 */
async function validUnderFlood(prefix: string | null): Promise<{ p99: number; samples: number; statuses: number[]; flood: FloodResult }> {
  let flooding = true;
  const running = flood(prefix).finally(() => (flooding = false));
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const client = async () => {
    while (flooding) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${t.baseUrl}/api/projects/`, { headers: { authorization: `Token ${key}` }, signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        // status 0: no answer
      }
      latencies.push(performance.now() - started);
      statuses.add(status);
    }
  };
  await Promise.all(Array.from({ length: VALID_CLIENTS }, client));
  return { p99: p99(latencies), samples: latencies.length, statuses: [...statuses], flood: await running };
}

type Measured = Awaited<ReturnType<typeof validUnderFlood>>;

function withinBounds(unknown: Measured, shared: Measured): boolean {
  return shared.p99 < Math.max(unknown.p99 * RATIO, unknown.p99 + ABSOLUTE_SLACK_MS) && shared.p99 < CEILING_MS;
}

/** One measurement of the pair: the valid key's p99 with wrong tokens of unknown and of shared prefix. */
async function measurePair(attempt: number): Promise<{ unknown: Measured; shared: Measured }> {
  const unknown = await validUnderFlood(null);
  const shared = await validUnderFlood(key.slice(0, 8));
  console.log(
    `attempt ${attempt}: valid key p99 under ${ATTACKERS} concurrent wrong tokens for ${LOAD_MS} ms: ` +
      `unknown prefix ${unknown.p99.toFixed(0)} ms (${unknown.samples} requests; wrong tokens ${JSON.stringify(unknown.flood)}), ` +
      `shared prefix ${shared.p99.toFixed(0)} ms (${shared.samples} requests; wrong tokens ${JSON.stringify(shared.flood)})`,
  );
  expect({ unknown: unknown.statuses, shared: shared.statuses }).toEqual({ unknown: [200], shared: [200] });
  expect(shared.flood.statuses).toEqual({ 401: shared.flood.sent });
  return { unknown, shared };
}

describe('API keys under a flood of wrong tokens', () => {
  it("keeps the valid key fast when the wrong tokens share its prefix, as when they don't", async () => {
    expect(key).toHaveLength(64);
    // Warm-up: JIT, connection pools, the gateway's cache of the valid key.
    await validUnderFlood(null);

    // A machine running the rest of the suite beside this one swings a p99 by hundreds of ms: the
    // pair is measured again, up to ATTEMPTS times, until one pair is within bounds. A verifier that
    // starves the event loop slows every attempt, so it still fails.
    let pair = await measurePair(1);
    for (let attempt = 2; attempt <= ATTEMPTS && !withinBounds(pair.unknown, pair.shared); attempt++) pair = await measurePair(attempt);
    const { unknown, shared } = pair;
    expect(shared.p99).toBeLessThan(Math.max(unknown.p99 * RATIO, unknown.p99 + ABSOLUTE_SLACK_MS));
    expect(shared.p99).toBeLessThan(CEILING_MS);
  }, 420_000);

  it('still answers a token that shares the prefix with the DRF body', async () => {
    const res = await fetch(`${t.baseUrl}/api/projects/`, { headers: { authorization: `Token ${key.slice(0, 8)}${'0'.repeat(56)}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Invalid token.' });
    expect(res.headers.get('www-authenticate')).toBe('Token');
  });
});
