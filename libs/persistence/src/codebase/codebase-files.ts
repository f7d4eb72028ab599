import type { Queryable } from '../queryable';
import { PACK_PLACE_COLUMNS, packPlaceOf, type PackPlace, type PackPlaceColumns } from './pack-entries';

/** A resource of the codebase by path, with where its bytes are when the run packed them. */
export interface CodebaseFileRow {
  path: string;
  type: string;
  /** The resource's size (bytes), null when unknown. */
  size: number | null;
  /** Its bytes in a codebase pack object; null for a codebase stored as one object per file. */
  pack: PackPlace | null;
}

/** The project's resource at exactly `path`, with its pack entry; null when there is none. */
export async function findCodebaseFile(db: Queryable, projectUuid: string, path: string): Promise<CodebaseFileRow | null> {
  const rows: ({ path: string; type: string; size: string | null } & PackPlaceColumns)[] = await db.query(
    `SELECT r.path, r.type, r.size, ${PACK_PLACE_COLUMNS}
     FROM codebase_resources r
     LEFT JOIN codebase_pack_entries e ON e.project_uuid = r.project_uuid AND e.path = r.path
     WHERE r.project_uuid = $1 AND r.path = $2`,
    [projectUuid, path],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    path: row.path,
    type: row.type,
    size: row.size === null ? null : Number(row.size),
    pack: packPlaceOf(row),
  };
}

/** Paths of the project's file resources matching a POSIX regular expression, sorted. */
export async function findFilePaths(db: Queryable, projectUuid: string, pattern: string): Promise<string[]> {
  const rows: { path: string }[] = await db.query(
    "SELECT path FROM codebase_resources WHERE project_uuid = $1 AND type = 'file' AND path ~ $2 ORDER BY path",
    [projectUuid, pattern],
  );
  return rows.map((r) => r.path);
}

/** The codebase packs were removed from storage: their entries go too. */
export async function removePackEntries(db: Queryable, projectUuid: string): Promise<void> {
  await db.query('DELETE FROM codebase_pack_entries WHERE project_uuid = $1', [projectUuid]);
}
