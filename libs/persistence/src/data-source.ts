import { DataSource } from 'typeorm';
import { InitialSchema1732300000000 } from './migrations/1732300000000-initial-schema';
import { UnambiguousPackageIndexes1732400000000 } from './migrations/1732400000000-unambiguous-package-indexes';
import { CodebasePackEntries1732500000000 } from './migrations/1732500000000-codebase-pack-entries';
import { WebhookDeliveryLog1732600000000 } from './migrations/1732600000000-webhook-delivery-log';
import { RunResumptionAndOutbox1732700000000 } from './migrations/1732700000000-run-resumption-and-outbox';
import { RelationResourceIndexes1732800000000 } from './migrations/1732800000000-relation-resource-indexes';
import { DeflatedPackEntries1732900000000 } from './migrations/1732900000000-deflated-pack-entries';
import { ResourceStatisticsTargets1733000000000 } from './migrations/1733000000000-resource-statistics-targets';
import { Lz4ColumnCompression1733100000000 } from './migrations/1733100000000-lz4-column-compression';
import { StatisticsSampleSize1733200000000 } from './migrations/1733200000000-statistics-sample-size';

export const ALL_MIGRATIONS = [
  InitialSchema1732300000000, UnambiguousPackageIndexes1732400000000, CodebasePackEntries1732500000000, WebhookDeliveryLog1732600000000,
  RunResumptionAndOutbox1732700000000, RelationResourceIndexes1732800000000, DeflatedPackEntries1732900000000,
  ResourceStatisticsTargets1733000000000, Lz4ColumnCompression1733100000000, StatisticsSampleSize1733200000000,
];

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
}

/**
 * The one way services get a database connection. The schema comes only from the migrations, and
 * all SQL is written in this library's modules: there are no entities, so no second description
 * of a table can drift from the migrations.
 */
export function createDataSource(opts: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    entities: [],
    migrations: ALL_MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
    extra: { max: opts.poolSize ?? 10, application_name: opts.applicationName ?? 'scanworks' },
  });
}

/**
 * Applies pending migrations under an advisory lock, so that several project-store replicas
 * starting together do not race each other.
 */
export async function applyMigrations(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(7263541)');
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(7263541)').catch(() => undefined);
    await runner.release();
  }
}

/**
 * The names of this build's migrations that the database has not applied yet, in order (all of
 * them on an empty database). Read from TypeORM's own table, so that a service can refuse to start
 * on a schema older than its code without applying anything itself.
 */
export async function pendingMigrations(ds: DataSource): Promise<string[]> {
  const [{ table }] = (await ds.query(`SELECT to_regclass('schema_migrations') IS NOT NULL AS table`)) as [{ table: boolean }];
  const applied = new Set(table ? ((await ds.query('SELECT name FROM schema_migrations')) as { name: string }[]).map((r) => r.name) : []);
  return ALL_MIGRATIONS.map((m) => new m().name).filter((name): name is string => !!name && !applied.has(name));
}

/** A service's initialized data source, from its settings; project-store also applies the migrations. */
export async function connectDatabase(settings: { DATABASE_URL: string; DATABASE_POOL_SIZE: number }, applicationName: string, migrate = false): Promise<DataSource> {
  const ds = createDataSource({ url: settings.DATABASE_URL, poolSize: settings.DATABASE_POOL_SIZE, applicationName });
  await ds.initialize();
  if (migrate) await applyMigrations(ds);
  return ds;
}
