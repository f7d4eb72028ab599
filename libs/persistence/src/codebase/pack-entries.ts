import { DataSource } from 'typeorm';
import { bulkInsert } from '../bulk-insert';
import { copyRows } from '../copy-rows';

/** Where one file of a run's codebase is in the run's pack object (a type, not an interface: rows are records). */
export type PackEntry = {
  project_uuid: string;
  path: string;
  pack_key: string;
  pack_offset: number;
  size: number;
  /** The file is a zip member raw-deflated in this many bytes at `pack_offset` (null: `size` plain bytes). */
  deflated_size: number | null;
};

/**
 * Where a stored file's bytes are: `size` bytes at `offset` of the object `key`; or, with
 * `deflated`, a raw deflate stream of that many bytes there (a member of a stored input zip).
 */
export interface PackPlace {
  key: string;
  offset: number;
  size: number;
  deflated: number | null;
}

/** The columns a query selects from codebase_pack_entries `e` for `packPlaceOf`. */
export const PACK_PLACE_COLUMNS = 'e.pack_key, e.pack_offset, e.size AS pack_size, e.deflated_size AS pack_deflated_size';

export interface PackPlaceColumns {
  pack_key: string | null;
  pack_offset: string | null;
  pack_size: string | null;
  pack_deflated_size: string | null;
}

/** A row's pack place, null when the file has no pack entry. */
export function packPlaceOf(row: PackPlaceColumns): PackPlace | null {
  if (row.pack_key === null) return null;
  return { key: row.pack_key, offset: Number(row.pack_offset), size: Number(row.pack_size), deflated: row.pack_deflated_size === null ? null : Number(row.pack_deflated_size) };
}

const ENTRY_BATCH = 5000;
const PACK_COLUMNS = ['project_uuid', 'path', 'pack_key', 'pack_offset', 'size', 'deflated_size'] as const;

const NO_JSON_COLUMNS: ReadonlySet<string> = new Set();
const TAKE_OVER = 'ON CONFLICT (project_uuid, path) DO UPDATE SET pack_key = EXCLUDED.pack_key, pack_offset = EXCLUDED.pack_offset, size = EXCLUDED.size, deflated_size = EXCLUDED.deflated_size';

/**
 * Records the files of a pack; a later run's pack takes over the paths it contains. A project's
 * first pack has no path to take over: its rows are loaded with COPY (the npm tree's 16,155
 * entries: 107-119 ms against 149-167 ms for the upserts from a JSON parameter).
 */
export async function savePackEntries(db: DataSource, entries: PackEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const projects = [...new Set(entries.map((e) => e.project_uuid))];
  const [taken] = await db.query('SELECT 1 FROM codebase_pack_entries WHERE project_uuid = ANY($1::uuid[]) LIMIT 1', [projects]);
  const write = taken
    ? (rows: PackEntry[]) => bulkInsert(db, 'codebase_pack_entries', PACK_COLUMNS, rows, { onConflict: TAKE_OVER })
    : (rows: PackEntry[]) => copyRows(db, 'codebase_pack_entries', PACK_COLUMNS, NO_JSON_COLUMNS, rows);
  for (let i = 0; i < entries.length; i += ENTRY_BATCH) await write(entries.slice(i, i + ENTRY_BATCH));
}
