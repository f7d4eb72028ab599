import { connect, Socket } from 'node:net';
import { ClamdAddress } from './clamd-address';
import { ClamdConnectionError } from './clamd-errors';
import { chunkHeader, INSTREAM_END, splitReplies } from './clamd-protocol';

export interface ExchangeOptions {
  /** The connection is given up after this long without a byte either way (connecting included). */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Where a local read of the data to stream failed: the file's problem, not clamd's. */
export class StreamSourceError extends Error {
  constructor(override readonly cause: unknown) {
    // Not `instanceof Error`: an error from another realm (a worker, a test sandbox) is no instance of this one's.
    super(typeof cause === 'object' && cause !== null && 'message' in cause ? String(cause.message) : String(cause));
    this.name = 'StreamSourceError';
  }
}

function reasonOf(error: Error | null): string {
  if (!error) return 'closed the connection without an answer';
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

/** Writes with backpressure; false when the socket went away meanwhile. */
function write(socket: Socket, data: Buffer): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(false);
  if (socket.write(data)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      socket.off('drain', onDrain);
      socket.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    socket.once('drain', onDrain);
    socket.once('close', onClose);
  });
}

/**
 * One command on one connection: sends `command`, then `chunks` (or one buffer) as INSTREAM data when given,
 * and resolves with clamd's NUL-terminated replies once clamd closes the connection. A
 * connection that fails, times out or closes before any reply rejects with ClamdConnectionError.
 * A reply that came before the connection broke wins: clamd refuses an INSTREAM over its
 * StreamMaxLength with a reply and closes while the data is still being sent.
 */
export function clamdExchange(address: ClamdAddress, command: Buffer, chunks: AsyncIterable<Buffer> | Buffer | null, opts: ExchangeOptions): Promise<string[]> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const socket = address.kind === 'tcp' ? connect({ host: address.host, port: address.port }) : connect({ path: address.path });
    const received: Buffer[] = [];
    let failure: Error | null = null;
    let sourceFailure: StreamSourceError | null = null;
    const onAbort = () => socket.destroy();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    socket.setTimeout(opts.timeoutMs, () => socket.destroy(new Error(`no answer within ${Math.round(opts.timeoutMs / 1000)} s`)));
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (error) => (failure ??= error));
    socket.on('close', () => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      if (sourceFailure) return reject(sourceFailure);
      const { replies, rest } = splitReplies(Buffer.concat(received));
      if (rest.length > 0) replies.push(rest.toString('utf8'));
      if (replies.length > 0) resolve(replies);
      else reject(new ClamdConnectionError(address, reasonOf(failure)));
    });
    socket.once('connect', () => {
      void (async () => {
        // Data already in memory (a small file) goes in one write with the command: one packet, one wake-up of clamd.
        if (Buffer.isBuffer(chunks)) {
          await write(socket, Buffer.concat(chunks.length > 0 ? [command, chunkHeader(chunks.length), chunks, INSTREAM_END] : [command, INSTREAM_END]));
          return;
        }
        if (!(await write(socket, command)) || !chunks) return;
        try {
          for await (const chunk of chunks) {
            if (chunk.length === 0) continue;
            if (!(await write(socket, Buffer.concat([chunkHeader(chunk.length), chunk])))) return;
          }
        } catch (error) {
          sourceFailure = new StreamSourceError(error);
          socket.destroy();
          return;
        }
        await write(socket, INSTREAM_END);
      })();
    });
  });
}
