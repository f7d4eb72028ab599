// CPU time of processes, from /proc: what each one spent on a measurement, whatever else the
// machine was doing at the time (wall-clock figures on a shared machine are not that).
const { readFileSync, readdirSync } = require('node:fs');

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU of a process (or of one thread: `<pid>/task/<tid>`), in ms; 0 once it is gone. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of a process's main thread and of all its other threads (workers, V8's and libuv's), in ms. */
function threadCpuMs(pid) {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const ms = cpuMs(`${pid}/task/${tid}`);
    if (Number(tid) === pid) main = ms;
    else others += ms;
  }
  return { main, others };
}

/** Pids whose command line contains `text`. */
function pidsMatching(text) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text)) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * Snapshots of named groups of processes; `groups()` is asked again at each snapshot (database
 * backends come and go with the pools). `diff(a, b)` is the CPU ms each group spent in between.
 */
function cpuMeter(groups) {
  return {
    async snapshot() {
      const named = await groups();
      return Object.fromEntries(Object.entries(named).map(([k, pids]) => [k, new Map(pids.map((p) => [p, cpuMs(p)]))]));
    },
    diff(a, b) {
      const out = {};
      for (const [k, after] of Object.entries(b)) {
        let ms = 0;
        // A process that appeared in between (a new database backend) counts from its start.
        for (const [pid, t] of after) ms += t - (a[k]?.get(pid) ?? 0);
        out[k] = ms;
      }
      return out;
    },
  };
}

/**
 * Waits until the processes together spend under `share` of one core over `windowMs` (a service
 * that has finished starting: the runner warms a scan pool, its workers loading the engine, when it
 * starts). Resolves with the seconds waited; rejects after `timeoutMs`.
 */
async function untilIdle(pids, { windowMs = 1000, share = 0.05, timeoutMs = 60_000 } = {}) {
  const t0 = Date.now();
  for (;;) {
    const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const spent = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before;
    if (spent < share * windowMs) return (Date.now() - t0) / 1000;
    if (Date.now() - t0 > timeoutMs) throw new Error(`processes ${pids.join(', ')} still busy after ${timeoutMs} ms`);
  }
}

module.exports = { cpuMs, threadCpuMs, pidsMatching, cpuMeter, untilIdle };
