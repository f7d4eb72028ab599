import { readFileSync } from 'node:fs';

/** Resident set size of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Samples the peak RSS of several processes until `stop()` is called. */
export function samplePeakRss(pids: Record<string, number>, everyMs = 100) {
  const peak: Record<string, number> = Object.fromEntries(Object.entries(pids).map(([n, p]) => [n, rssMiB(p)]));
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], rssMiB(pid));
  }, everyMs);
  return {
    stop(): Record<string, number> {
      clearInterval(timer);
      return peak;
    },
  };
}
