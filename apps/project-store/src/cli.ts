import 'reflect-metadata';
import { loadConfig } from '@sca/config';
import { ProjectStoreConfig } from './config/project-store.config';
import { connectDatabase } from '@sca/persistence';
import { ApiKeysService } from './auth/api-keys.service';

const USAGE = 'usage: create-user <username> [--generate-api-key] [--admin] [--super] [--verbosity N]';

/** `npm run create-user -- <username> --generate-api-key`: prints the key once. */
async function main(argv: string[]): Promise<number> {
  const [command, username, ...flags] = argv;
  if (command !== 'create-user' || !username || username.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const generateKey = flags.includes('--generate-api-key');
  const verbosity = flags.includes('--verbosity') ? Number(flags[flags.indexOf('--verbosity') + 1]) : 1;
  if (generateKey && verbosity === 0) {
    console.error('Cannot display the API key with verbosity disabled. The key is only shown once at generation time.');
    return 1;
  }
  const config = loadConfig(ProjectStoreConfig);
  const db = await connectDatabase(config, 'cli', true);
  try {
    const key = await new ApiKeysService(db, config).createUser(username, { generateKey, staff: flags.includes('--admin'), superuser: flags.includes('--super') });
    console.log(`User ${username} created.`);
    if (key) {
      console.log(`API key: ${key}`);
      console.log('Store this key now: it is shown only once and cannot be recovered.');
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
