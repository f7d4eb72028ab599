import type { Message, MessagePropertyHeaders, Options } from 'amqplib';

export const JSON_CONTENT_TYPE = 'application/json';
export const ATTEMPTS_HEADER = 'x-attempts';
export const ERROR_HEADER = 'x-error';

export function encodeJson(payload: unknown): Buffer {
  return Buffer.from(JSON.stringify(payload));
}

export type Decoded = { ok: true; value: unknown } | { ok: false; error: string };

/** Never throws: a poison body must become a dead letter, not a crashed consumer. */
export function decodeJson(content: Buffer): Decoded {
  try {
    return { ok: true, value: JSON.parse(content.toString('utf8')) };
  } catch (err) {
    return { ok: false, error: `malformed JSON body: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** 1-based delivery attempt; anything odd in the header counts as a first attempt. */
export function readAttempt(msg: Message): number {
  const raw: unknown = msg.properties.headers?.[ATTEMPTS_HEADER];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseInt(raw, 10) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Properties for re-publishing a consumed message (to a retry or dead queue). The broker's own
 * dead-letter bookkeeping (`x-death`, `x-first-death-*`, `x-last-death-*`) is dropped: carried into
 * a new publish it would make RabbitMQ see a dead-letter cycle and silently drop the message.
 */
export function republishOptions(msg: Message, headers: MessagePropertyHeaders): Options.Publish {
  const kept: MessagePropertyHeaders = {};
  for (const [key, value] of Object.entries(msg.properties.headers ?? {})) {
    if (!/^x-(death|first-death-|last-death-)/.test(key)) kept[key] = value;
  }
  const p = msg.properties;
  return {
    persistent: true,
    contentType: p.contentType,
    type: p.type,
    messageId: p.messageId,
    correlationId: p.correlationId,
    timestamp: p.timestamp,
    appId: p.appId,
    headers: { ...kept, ...headers },
  };
}

/** Error text as it goes into `x-error`: bounded, because headers travel with every copy. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : typeof err === 'object' && err && 'message' in err ? String(err.message) : String(err);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

/** For logs: the stack when there is one; never throws (a thrown value may be anything). */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.stack ?? err.message;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}
