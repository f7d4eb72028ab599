// A worker thread that keeps `concurrency` requests in flight against `url` for `durationMs`, each
// with a new random token: `prefix` + random hex, or (prefix null) 64 random hex characters that
// do not start with `avoidPrefix`. It runs on its own event loop so that handling its responses
// does not delay the requests the test measures on the main thread. Posts
// { sent, statuses: { <status>: count } } when done.
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');

const { url, prefix, avoidPrefix, concurrency, durationMs } = workerData;

function token() {
  if (prefix !== null) return prefix + randomBytes(32).toString('hex').slice(prefix.length);
  for (;;) {
    const candidate = randomBytes(32).toString('hex');
    if (!candidate.startsWith(avoidPrefix)) return candidate;
  }
}

async function main() {
  const deadline = Date.now() + durationMs;
  const statuses = {};
  let sent = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      let status = 0;
      try {
        const res = await fetch(url, { headers: { authorization: `Token ${token()}` }, signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        // counted as status 0
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      sent++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  parentPort.postMessage({ sent, statuses });
}

void main();
