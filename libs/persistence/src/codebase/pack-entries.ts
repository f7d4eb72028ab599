import { DataSource } from 'typeorm';
import { bulkInsert } from '../bulk-insert';

/** Where one file of a run's codebase is in the run's pack object (a type, not an interface: rows are records). */
export type PackEntry = {
  project_uuid: string;
  path: string;
  pack_key: string;
  pack_offset: number;
  size: number;
};

const ENTRY_BATCH = 5000;
const PACK_COLUMNS = ['project_uuid', 'path', 'pack_key', 'pack_offset', 'size'] as const;

/** Records the files of a pack; a later run's pack takes over the paths it contains. */
export async function savePackEntries(db: DataSource, entries: PackEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += ENTRY_BATCH) {
    await bulkInsert(db, 'codebase_pack_entries', PACK_COLUMNS, entries.slice(i, i + ENTRY_BATCH), {
      onConflict: 'ON CONFLICT (project_uuid, path) DO UPDATE SET pack_key = EXCLUDED.pack_key, pack_offset = EXCLUDED.pack_offset, size = EXCLUDED.size',
    });
  }
}
