import { useMigratedDatabase } from '../records/record-scope.testing';
import { SAMPLED_TABLES, STATISTICS_TARGET, StatisticsSampleSize1733200000000 as Migration } from './1733200000000-statistics-sample-size';

const database = useMigratedDatabase();

/** Each column's statistics target, -1 for PostgreSQL's default. */
const targetsOf = async (table: string): Promise<Record<string, number>> => {
  const rows: { attname: string; target: number }[] = await database.db.query(
    `SELECT attname, COALESCE(attstattarget, -1)::int AS target FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return Object.fromEntries(rows.map((r) => [r.attname, r.target]));
};

describe('statistics sample size of the large scan tables', () => {
  it.each(SAMPLED_TABLES)('leaves no column of %s at the default target (a new column would bring back the 30,000-row sample)', async (table) => {
    const targets = await targetsOf(table);
    expect(Object.entries(targets).filter(([, target]) => target === -1)).toEqual([]);
    expect(Math.max(...Object.values(targets))).toBe(STATISTICS_TARGET);
  });

  it('gives the JSON columns of packages no statistics, keeps those of resources without, and is undone by its down', async () => {
    expect((await targetsOf('codebase_resources')).package_data).toBe(0);
    expect((await targetsOf('discovered_packages')).license_detections).toBe(0);
    await database.withMigrationUndone(new Migration(), async () => {
      const resources = await targetsOf('codebase_resources');
      expect(resources.path).toBe(-1);
      expect(resources.package_data).toBe(0);
      const packages = await targetsOf('discovered_packages');
      expect(packages.license_detections).toBe(-1);
      expect(packages.package_uid).toBe(-1);
    });
    expect((await targetsOf('codebase_resources')).path).toBe(STATISTICS_TARGET);
    expect((await targetsOf('discovered_packages')).license_detections).toBe(0);
  });

  it('gathers statistics from a sample ANALYZE can still plan with', async () => {
    const project = await database.newProject();
    await database.db.query(
      `INSERT INTO codebase_resources (project_uuid, path, parent_path, name, type, status)
       SELECT $1, 'f' || i, '', 'f' || i, 'file', CASE WHEN i % 10 = 0 THEN 'application-package' ELSE '' END FROM generate_series(1, 2000) i`,
      [project],
    );
    await database.db.query('ANALYZE codebase_resources');
    const [stats] = await database.db.query(`SELECT most_common_vals::text AS values FROM pg_stats WHERE tablename = 'codebase_resources' AND attname = 'status'`);
    expect(stats.values).toContain('application-package');
  });
});
