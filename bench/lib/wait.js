// Polling helpers for the benchmarks: no fixed sleeps where a state can be asked for.

/** Polls `probe` until it returns something truthy. */
async function waitFor(what, probe, { timeoutMs = 600_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The run at `runUrl` once it is no longer waiting or running. */
function waitForRunEnd(runUrl, intervalMs = 200) {
  return waitFor(`the run ${runUrl} to end`, async () => {
    const run = await (await fetch(runUrl)).json();
    return ['not_started', 'queued', 'running'].includes(run.status) ? null : run;
  }, { timeoutMs: 3 * 3600_000, intervalMs });
}

module.exports = { waitFor, waitForRunEnd };
