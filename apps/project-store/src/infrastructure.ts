import { DataSource } from 'typeorm';
import { CommonConfig } from '@sca/config';
import { applyMigrations, createDataSource } from '@sca/persistence';
import { S3ObjectStorage } from '@sca/storage';

/** The data source every service builds from its config, initialized. */
export async function connectDatabase(config: CommonConfig, applicationName: string, migrate = false): Promise<DataSource> {
  const ds = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName });
  await ds.initialize();
  if (migrate) await applyMigrations(ds);
  return ds;
}

export function createStorage(config: CommonConfig): S3ObjectStorage {
  if (!config.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set (npm start runs a local S3 server and sets it)');
  return new S3ObjectStorage({
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
  });
}
