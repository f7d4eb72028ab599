import { connect, type Channel, type GetMessage } from 'amqplib';
import { ATTEMPTS_HEADER, ERROR_HEADER, republishOptions } from './message-codec';
import { topologyNames, type RetryableQueue } from './topology';

/** A dead-lettered message as an operator sees it. */
export interface DeadLetter {
  queue: string;
  type: string;
  messageId: string;
  attempts: number;
  error: string;
  payload: string;
  deadSince: string | null;
}

/** The queues with a dead-letter queue: the work queues and the services' event queues. */
export function retryableQueues(prefix: string, works: string[], eventConsumers: string[]): RetryableQueue[] {
  return [...works.map((w) => topologyNames.work(prefix, w)), ...eventConsumers.map((c) => topologyNames.events(prefix, c))];
}

/** Every message of a dead queue, read and held unacknowledged (they go back when the channel closes). */
async function readAll(ch: Channel, queue: string, limit: number): Promise<GetMessage[]> {
  const out: GetMessage[] = [];
  try {
    await ch.checkQueue(queue);
  } catch {
    return out;
  }
  for (let m = await ch.get(queue, { noAck: false }); m && out.length < limit; m = await ch.get(queue, { noAck: false })) out.push(m);
  return out;
}

function describe(queue: string, m: GetMessage): DeadLetter {
  const headers = m.properties.headers ?? {};
  const ts = m.properties.timestamp as number | undefined;
  return {
    queue,
    type: String(m.properties.type ?? ''),
    messageId: String(m.properties.messageId ?? ''),
    attempts: Number(headers[ATTEMPTS_HEADER] ?? 0),
    error: String(headers[ERROR_HEADER] ?? ''),
    payload: m.content.toString('utf8').slice(0, 2000),
    deadSince: ts ? new Date(ts * 1000).toISOString() : null,
  };
}

/**
 * Lists the dead letters of `queues` and replays those `select` picks: each goes back to its
 * main queue with its attempt count reset and its error dropped, and leaves the dead queue;
 * the others stay where they were. Returns what was found, with `replayed` marking the replayed.
 */
export async function manageDeadLetters(
  url: string,
  queues: RetryableQueue[],
  select: (d: DeadLetter) => boolean = () => false,
  limit = 10_000,
): Promise<(DeadLetter & { replayed: boolean })[]> {
  const conn = await connect(url);
  const found: (DeadLetter & { replayed: boolean })[] = [];
  try {
    for (const q of queues) {
      const ch = await conn.createConfirmChannel();
      ch.on('error', () => undefined);
      try {
        for (const m of await readAll(ch, q.dead, limit)) {
          const d = describe(q.dead, m);
          const replay = select(d);
          if (replay) {
            const options = republishOptions(m, { [ATTEMPTS_HEADER]: 1 });
            delete options.headers?.[ERROR_HEADER];
            ch.sendToQueue(q.main, m.content, options);
            await ch.waitForConfirms();
            ch.ack(m);
          }
          found.push({ ...d, replayed: replay });
        }
      } finally {
        await ch.close().catch(() => undefined);
      }
    }
  } finally {
    await conn.close();
  }
  return found;
}
