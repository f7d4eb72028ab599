/*
 * A clamd client over node:net, written here rather than taken from npm: `clamscan` is built
 * around running the clamscan/clamdscan binaries (the socket is one option among its fallbacks),
 * and `clamdjs` has had a single release. What this service needs is small (VERSION, PING,
 * INSTREAM, CONTSCAN and their one-line replies) but must tell a clamd that went away (retried,
 * then a failed run) from a file clamd could not scan (a message about that file), which is
 * plainest with the socket and the reply in hand.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ClamdAddress } from './clamd-address';
import { clamdExchange, StreamSourceError } from './clamd-exchange';
import { ClamdProtocolError, ClamdVersion, encodeCommand, parseScanReply, parseVersionReply, ScanReply } from './clamd-protocol';

export interface ClamdClientOptions {
  /** A command is given up after this long without a byte either way (clamd's own MaxScanTime is 120 s). */
  timeoutMs: number;
}

/** Bytes per INSTREAM chunk: small enough to keep memory flat, large enough to keep syscalls few. */
const STREAM_CHUNK = 64 * 1024;

/**
 * Several replies to one scan (clamd's AllMatchScan reports each signature): any FOUND makes the
 * file infected, the first signature naming it; otherwise any ERROR; otherwise EXCLUDED or OK.
 */
function combine(replies: ScanReply[]): ScanReply {
  return replies.find((r) => r.status === 'FOUND') ?? replies.find((r) => r.status === 'ERROR') ?? replies.find((r) => r.status === 'EXCLUDED') ?? { status: 'OK' };
}

/** A file's bytes, opened only when the connection is up (an open error then reaches the reader, never an unheard stream). */
async function* fileChunks(absPath: string): AsyncGenerator<Buffer> {
  yield* createReadStream(absPath, { highWaterMark: STREAM_CHUNK });
}

export class ClamdClient {
  constructor(readonly address: ClamdAddress, private readonly options: ClamdClientOptions) {}

  private async one(command: Buffer, chunks: AsyncIterable<Buffer> | Buffer | null, signal?: AbortSignal): Promise<string[]> {
    return clamdExchange(this.address, command, chunks, { timeoutMs: this.options.timeoutMs, signal });
  }

  /** clamd's engine and signature database versions. */
  async version(signal?: AbortSignal): Promise<ClamdVersion> {
    const replies = await this.one(encodeCommand('VERSION'), null, signal);
    return parseVersionReply(replies[0]);
  }

  /** Resolves when clamd answers PONG. */
  async ping(signal?: AbortSignal): Promise<void> {
    const replies = await this.one(encodeCommand('PING'), null, signal);
    if (replies[0] !== 'PONG') throw new ClamdProtocolError(`Unexpected clamd reply to PING: ${JSON.stringify(replies[0])}`);
  }

  /** Streams data to clamd (INSTREAM) and returns its verdict. */
  async scanStream(chunks: AsyncIterable<Buffer> | Buffer, signal?: AbortSignal): Promise<ScanReply> {
    const replies = await this.one(encodeCommand('INSTREAM'), chunks, signal);
    return combine(replies.map((r) => parseScanReply(r, 'stream')));
  }

  /**
   * Streams a local file's bytes to clamd (INSTREAM): clamd needs no access to it. A file known
   * to be small is read whole and sent in one write; a larger one in chunks.
   */
  async scanFileContent(absPath: string, size: number | null, signal?: AbortSignal): Promise<ScanReply> {
    if (size === null || size > STREAM_CHUNK) return this.scanStream(fileChunks(absPath), signal);
    let data: Buffer;
    try {
      data = await readFile(absPath);
    } catch (error) {
      throw new StreamSourceError(error);
    }
    return this.scanStream(data, signal);
  }

  /** Has clamd open the file itself (CONTSCAN of its absolute path): clamd must see the same file system. */
  async scanPath(absPath: string, signal?: AbortSignal): Promise<ScanReply> {
    const replies = await this.one(encodeCommand('CONTSCAN', absPath), null, signal);
    return combine(replies.map((r) => parseScanReply(r, absPath)));
  }
}
