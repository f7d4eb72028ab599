const { readFileSync } = require('node:fs');

function rssMiB(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Peak RSS of each child process while `fn` runs. */
async function withPeakRss(children, fn) {
  const pids = Object.fromEntries([...children].map(([n, c]) => [n, c.pid]));
  const peak = Object.fromEntries(Object.entries(pids).map(([n, p]) => [n, rssMiB(p)]));
  const timer = setInterval(() => {
    for (const [n, p] of Object.entries(pids)) peak[n] = Math.max(peak[n], rssMiB(p));
  }, 100);
  try {
    const result = await fn();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

module.exports = { rssMiB, withPeakRss };
