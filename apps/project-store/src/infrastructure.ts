import { DataSource } from 'typeorm';
import { CommonConfig } from '@sca/config';
import { applyMigrations, createDataSource } from '@sca/persistence';
import { S3ObjectStorage, storageFromSettings } from '@sca/storage';

/** The data source every service builds from its config, initialized. */
export async function connectDatabase(config: CommonConfig, applicationName: string, migrate = false): Promise<DataSource> {
  const ds = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName });
  await ds.initialize();
  if (migrate) await applyMigrations(ds);
  return ds;
}

export function createStorage(config: CommonConfig): S3ObjectStorage {
  return storageFromSettings(config);
}
