import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** This process's own scratch area under the work directory: `<host>.<pid>`. */
export function processScratchName(): string {
  return `${hostname()}.${process.pid}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch areas of runner processes of this host that are gone (killed mid-run):
 * several runners may share one work directory, so only dead owners' areas are removed.
 */
export async function removeDeadScratch(workDir: string): Promise<string[]> {
  const host = hostname();
  const removed: string[] = [];
  for (const name of await readdir(workDir).catch(() => [] as string[])) {
    const m = /^(.*)\.(\d+)$/.exec(name);
    if (!m || m[1] !== host || Number(m[2]) === process.pid || alive(Number(m[2]))) continue;
    await rm(join(workDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
