import 'reflect-metadata';
import { loadConfig } from '@sca/config';
import { ProjectStoreConfig } from './config/project-store.config';
import { connectDatabase } from '@sca/persistence';

/** `npm run migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig(ProjectStoreConfig);
  const db = await connectDatabase(config, 'migrate', true);
  console.log('migrations applied');
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
