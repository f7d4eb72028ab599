import { DataSource } from 'typeorm';
import { RUN_RECORD_TABLES } from '../records/record-columns';
import { affectedRows } from '../rows-of';

/**
 * A resumed run starts clean: the rows its lost attempt inserted go (links cascade with them).
 * Rows of earlier runs that the attempt updated in place keep values that are complete per row
 * (each row is written whole), as ScanCode.io's steps treat a row with a status as done.
 */
export async function removeAttemptRecords(db: DataSource, projectUuid: string, runUuid: string): Promise<number> {
  let removed = 0;
  for (const table of RUN_RECORD_TABLES) {
    removed += affectedRows(await db.query(`DELETE FROM ${table} WHERE project_uuid = $1 AND run_uuid = $2`, [projectUuid, runUuid]));
  }
  return removed;
}
