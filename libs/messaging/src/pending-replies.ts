import { RpcError, RpcTimeoutError } from './errors';
import { decodeJson } from './message-codec';
import { asRpcReply, type RpcReply } from './rpc-envelope';

/** Reads a reply body into an envelope; undefined when it is none. */
export type ReplyDecoder = (content: Buffer) => RpcReply | undefined;

/** The usual decoder: the whole envelope parsed. */
export const parseReply: ReplyDecoder = (content) => {
  const decoded = decodeJson(content);
  return decoded.ok ? asRpcReply(decoded.value) : undefined;
};

interface Pending {
  resolve: (data: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  decode: ReplyDecoder;
}

/** RPC requests awaiting their reply, keyed by correlation id; each one settles exactly once. */
export class PendingReplies {
  private readonly pending = new Map<string, Pending>();

  /**
   * The timer starts now, so the timeout also covers waiting for a connection and for the confirm.
   * `decode` reads this request's reply body (the caller may want the data's bytes, unparsed).
   */
  add(correlationId: string, timeoutMs: number, what: string, decode: ReplyDecoder = parseReply): Promise<unknown> {
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new RpcTimeoutError(`no reply to ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(correlationId, { resolve, reject, timer, decode });
    });
    // The caller awaits the publish before it awaits this promise; an early rejection (say, an
    // unroutable request) must not count as unhandled in between.
    reply.catch(() => undefined);
    return reply;
  }

  /** A reply body arrived: the request it answers settles with its data or its error. */
  receive(correlationId: string | undefined, content: Buffer): void {
    const p = this.take(correlationId);
    if (!p) return; // late reply to a request that already timed out
    const reply = p.decode(content);
    if (!reply) p.reject(new RpcError('bad_reply', 'reply is not an RPC envelope'));
    else if (reply.ok) p.resolve(reply.data);
    else p.reject(new RpcError(reply.error.code, reply.error.message, reply.error.details));
  }

  fail(correlationId: string | undefined, err: Error): void {
    this.take(correlationId)?.reject(err);
  }

  /** Replies travel on one channel (direct reply-to); once it is gone none of them can arrive. */
  failAll(err: Error): void {
    for (const id of [...this.pending.keys()]) this.fail(id, err);
  }

  private take(correlationId: string | undefined): Pending | undefined {
    if (correlationId === undefined) return undefined;
    const p = this.pending.get(correlationId);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(correlationId);
    return p;
  }
}
