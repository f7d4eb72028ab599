import 'reflect-metadata';
import { loadConfig } from '@sca/config';
import { WORK } from '@sca/contracts';
import { manageDeadLetters, retryableQueues } from '@sca/messaging';
import { ProjectStoreConfig } from './config/project-store.config';

const USAGE = `usage: dead-letters list
       dead-letters replay (--all | --id <message id>... | --queue <dead queue name>)`;
/** The services that consume events through their own queue (see each app's main.ts). */
const EVENT_CONSUMERS = ['project-store', 'webhook-dispatcher'];

function valuesOf(flag: string, args: string[]): string[] {
  return args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
}

/**
 * `npm run dead-letters -- list` shows the messages that failed their last attempt (queue, type,
 * message id, attempts, error, payload); `replay` puts the chosen ones back on their queue with a
 * fresh attempt count. Runs and deliveries are idempotent, so replaying one twice is harmless.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const ids = valuesOf('--id', args);
  const queues = valuesOf('--queue', args);
  if (command !== 'list' && !(command === 'replay' && (args.includes('--all') || ids.length > 0 || queues.length > 0))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(ProjectStoreConfig);
  const select = command === 'list' ? () => false : (d: { queue: string; messageId: string }) => args.includes('--all') || ids.includes(d.messageId) || queues.includes(d.queue);
  const found = await manageDeadLetters(config.AMQP_URL, retryableQueues(config.AMQP_PREFIX, Object.values(WORK), EVENT_CONSUMERS), select);
  for (const d of found) console.log(JSON.stringify(d));
  const replayed = found.filter((d) => d.replayed).length;
  console.error(command === 'list' ? `${found.length} dead letter(s)` : `${replayed} of ${found.length} dead letter(s) replayed`);
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
