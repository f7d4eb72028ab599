import { useMigratedDatabase } from '../records/record-scope.testing';
import { savePackEntries, type PackEntry } from './pack-entries';

const database = useMigratedDatabase();

const entry = (project_uuid: string, path: string, pack_key: string, pack_offset: number, deflated_size: number | null = null): PackEntry => ({
  project_uuid, path, pack_key, pack_offset, size: 10, deflated_size,
});

async function entries(project: string): Promise<Record<string, unknown>[]> {
  return database.db.query('SELECT path, pack_key, pack_offset::int AS pack_offset, size::int AS size, deflated_size::int AS deflated_size FROM codebase_pack_entries WHERE project_uuid = $1 ORDER BY path', [project]);
}

describe('savePackEntries', () => {
  it('loads a first pack larger than a batch, and a later pack takes over the paths it contains', async () => {
    const project = await database.newProject();
    const other = await database.newProject();
    const first = Array.from({ length: 5001 }, (_, i) => entry(project, `dir/f${String(i).padStart(5, '0')}.js`, 'pack-1', i * 10, i % 2 ? 7 : null));
    await savePackEntries(database.db, [entry(other, 'dir/f00000.js', 'other-pack', 0)]);
    await savePackEntries(database.db, first);
    const loaded = await entries(project);
    expect(loaded).toHaveLength(5001);
    expect(loaded[1]).toEqual({ path: 'dir/f00001.js', pack_key: 'pack-1', pack_offset: 10, size: 10, deflated_size: 7 });
    expect(loaded[5000]).toEqual({ path: 'dir/f05000.js', pack_key: 'pack-1', pack_offset: 50000, size: 10, deflated_size: null });

    await savePackEntries(database.db, [entry(project, 'dir/f00001.js', 'pack-2', 0), entry(project, 'new.txt', 'pack-2', 10)]);
    const after = await entries(project);
    expect(after).toHaveLength(5002);
    expect(after.find((e) => e.path === 'dir/f00001.js')).toEqual({ path: 'dir/f00001.js', pack_key: 'pack-2', pack_offset: 0, size: 10, deflated_size: null });
    expect(after.find((e) => e.path === 'dir/f00002.js')).toMatchObject({ pack_key: 'pack-1', pack_offset: 20 });
    expect(await entries(other)).toEqual([{ path: 'dir/f00000.js', pack_key: 'other-pack', pack_offset: 0, size: 10, deflated_size: null }]);
  });
});
