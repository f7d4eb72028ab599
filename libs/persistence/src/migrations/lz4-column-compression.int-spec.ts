import { useMigratedDatabase } from '../records/record-scope.testing';
import { Lz4ColumnCompression1733100000000 as Migration } from './1733100000000-lz4-column-compression';

const database = useMigratedDatabase();

const compressionOf = async (table: string, column: string): Promise<string> => {
  const [row] = await database.db.query(
    `SELECT attcompression FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2`,
    [table, column],
  );
  return row.attcompression;
};

describe('lz4 column compression', () => {
  it('stores a large package_data with lz4, readable as written', async () => {
    const project = await database.newProject();
    const packageData = Array.from({ length: 200 }, (_, i) => ({ type: 'npm', name: `dep-${i}`, extracted_requirement: `^${i}.0.0` }));
    await database.db.query(
      `INSERT INTO codebase_resources (project_uuid, path, parent_path, name, type, package_data) VALUES ($1, 'package.json', '', 'package.json', 'file', $2::jsonb)`,
      [project, JSON.stringify(packageData)],
    );
    const [row] = await database.db.query(
      `SELECT pg_column_compression(package_data) AS method, package_data FROM codebase_resources WHERE project_uuid = $1`,
      [project],
    );
    expect(row.method).toBe('lz4');
    expect(row.package_data).toEqual(packageData);
  });

  it('covers every compressible column of the scan tables and the run log, and is undone by its down', async () => {
    const [{ n }] = await database.db.query(
      `SELECT count(*)::int AS n FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid
       WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND a.attstorage IN ('x', 'm') AND a.attcompression <> 'l'`,
    );
    expect(n).toBe(0);
    for (const [table, column] of [['discovered_packages', 'parties'], ['discovered_dependencies', 'affected_by_vulnerabilities'], ['runs', 'log']]) {
      expect(await compressionOf(table, column)).toBe('l');
    }
    await database.withMigrationUndone(new Migration(), async () => {
      expect(await compressionOf('codebase_resources', 'package_data')).toBe('');
    });
    expect(await compressionOf('codebase_resources', 'package_data')).toBe('l');
  });
});
