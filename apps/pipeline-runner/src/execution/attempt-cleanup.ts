import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { RUN_RECORD_TABLES } from '@sca/persistence';

/**
 * A resumed run starts clean: the rows its lost attempt inserted go (links cascade with them).
 * Rows of earlier runs that the attempt updated in place keep values that are complete per row
 * (each row is written whole), as ScanCode.io's steps treat a row with a status as done.
 */
export async function removeAttemptRecords(db: DataSource, projectUuid: string, runUuid: string): Promise<number> {
  let removed = 0;
  for (const table of RUN_RECORD_TABLES) {
    const result: unknown = await db.query(`DELETE FROM ${table} WHERE project_uuid = $1 AND run_uuid = $2`, [projectUuid, runUuid]);
    removed += Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }
  return removed;
}

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
