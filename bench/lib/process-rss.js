// Peak resident memory of services while something runs, sampled often enough for requests
// that last a fraction of a second. Each service counts with the processes it spawned (a
// worker process, a zip or xlsx helper): the tree under its pid, found through /proc.
const { readFileSync, readdirSync } = require('node:fs');

function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // gone
  }
}

/** pid -> child pids, from every /proc/<pid>/stat. */
function childrenMap() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!map.has(ppid)) map.set(ppid, []);
    map.get(ppid).push(Number(name));
  }
  return map;
}

function treeOf(pid, map) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(map.get(out[i]) ?? []));
  return out;
}

/** RSS in MiB of each named pid with its descendants. */
function treeRssMiB(pids) {
  const map = childrenMap();
  return Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, Math.round(treeOf(pid, map).reduce((s, p) => s + rssKiB(p), 0) / 1024)]));
}

/**
 * Runs `fn` while sampling, every `intervalMs`, the RSS of each { name: pid } process tree.
 * Returns { result, peak, before } in MiB; `before` is the RSS when sampling started.
 * The process trees are re-read every `treeEveryMs`.
 */
async function withPeakTreeRss(pids, fn, { intervalMs = 25, treeEveryMs = 500 } = {}) {
  let map = childrenMap();
  let mapAt = Date.now();
  const sample = () => {
    if (Date.now() - mapAt > treeEveryMs) {
      map = childrenMap();
      mapAt = Date.now();
    }
    return Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, treeOf(pid, map).reduce((s, p) => s + rssKiB(p), 0)]));
  };
  const before = sample();
  const peak = { ...before };
  const timer = setInterval(() => {
    for (const [n, kib] of Object.entries(sample())) peak[n] = Math.max(peak[n], kib);
  }, intervalMs);
  const mib = (o) => Object.fromEntries(Object.entries(o).map(([n, kib]) => [n, Math.round(kib / 1024)]));
  try {
    const result = await fn();
    for (const [n, kib] of Object.entries(sample())) peak[n] = Math.max(peak[n], kib);
    return { result, peak: mib(peak), before: mib(before) };
  } finally {
    clearInterval(timer);
  }
}

module.exports = { treeRssMiB, withPeakTreeRss };
