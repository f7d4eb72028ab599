/*
 * clamd's socket protocol (clamd(8), "COMMANDS"), the parts this service speaks. Commands are
 * sent `z`-prefixed and NUL-terminated, so that a path may hold any byte but NUL (a newline
 * included), and clamd ends each reply with a NUL too. One command per connection: clamd answers
 * it and closes. INSTREAM sends the data as chunks, each a 4-byte big-endian length and that many
 * bytes, ended by a zero-length chunk.
 */

/** What clamd said about one scanned file or stream. */
export type ScanReply =
  | { status: 'OK' }
  | { status: 'FOUND'; signature: string }
  | { status: 'ERROR'; message: string }
  /** The path matched clamd's ExcludePath: it was not scanned. */
  | { status: 'EXCLUDED' };

/** What clamd's VERSION says: the engine, and the signature database when an official one is loaded. */
export interface ClamdVersion {
  /** The reply as clamd gave it: `ClamAV 1.4.6/27472/Tue Nov 25 08:35:37 2026`. */
  text: string;
  engine: string;
  /** The daily database's version; null when clamd reports none (only unofficial signatures loaded). */
  databaseVersion: number | null;
  /** The daily database's build date as clamd prints it; null with the version. */
  databaseDate: string | null;
}

export class ClamdProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClamdProtocolError';
  }
}

/** The end of an INSTREAM: a zero-length chunk. */
export const INSTREAM_END = Buffer.alloc(4);

/** clamd's INSTREAM chunk length field is 32 bits; chunks are kept far below it. */
const MAX_CHUNK = 0xffff_ffff;

/** A command as sent: `z<COMMAND>[ <argument>]\0`. */
export function encodeCommand(command: string, argument?: string): Buffer {
  if (!/^[A-Z]+$/.test(command)) throw new ClamdProtocolError(`Not a clamd command: ${JSON.stringify(command)}`);
  if (argument !== undefined && (argument === '' || argument.includes('\0'))) {
    throw new ClamdProtocolError(`A clamd command argument must be non-empty and hold no NUL byte: ${JSON.stringify(argument)}`);
  }
  return Buffer.from(argument === undefined ? `z${command}\0` : `z${command} ${argument}\0`, 'utf8');
}

/** The 4-byte length that precedes a chunk of INSTREAM data. */
export function chunkHeader(length: number): Buffer {
  if (!Number.isInteger(length) || length < 1 || length > MAX_CHUNK) throw new ClamdProtocolError(`Invalid INSTREAM chunk length ${length}`);
  const header = Buffer.alloc(4);
  header.writeUInt32BE(length);
  return header;
}

/** Splits what clamd sent into its NUL-terminated replies; an unterminated tail is returned apart. */
export function splitReplies(data: Buffer): { replies: string[]; rest: Buffer } {
  const replies: string[] = [];
  let start = 0;
  for (let end = data.indexOf(0, start); end >= 0; end = data.indexOf(0, start)) {
    replies.push(data.subarray(start, end).toString('utf8'));
    start = end + 1;
  }
  return { replies, rest: data.subarray(start) };
}

/**
 * Parses one reply to a scan command (INSTREAM, SCAN, CONTSCAN) about `name` (`stream`, or the
 * path that was sent): `<name>: OK`, `<name>: <signature> FOUND`, `<name>: <message> ERROR`,
 * `<name>: Excluded`. An error clamd gives about the command itself has no name
 * (`INSTREAM size limit exceeded. ERROR`). Anything else is a protocol error.
 */
export function parseScanReply(reply: string, name: string): ScanReply {
  const prefix = `${name}: `;
  const body = reply.startsWith(prefix) ? reply.slice(prefix.length) : null;
  if (body === 'OK') return { status: 'OK' };
  if (body === 'Excluded') return { status: 'EXCLUDED' };
  if (body !== null && body.endsWith(' FOUND')) {
    const signature = body.slice(0, -' FOUND'.length);
    if (signature !== '' && !/\s/.test(signature)) return { status: 'FOUND', signature };
  }
  if (reply.endsWith(' ERROR')) {
    const message = (body ?? reply).slice(0, -' ERROR'.length).trim();
    return { status: 'ERROR', message: message || 'clamd gave no reason' };
  }
  throw new ClamdProtocolError(`Unexpected clamd reply to a scan of ${name}: ${JSON.stringify(reply)}`);
}

/** Parses the answer to VERSION: `ClamAV <engine>[/<database version>/<database date>]`. */
export function parseVersionReply(reply: string): ClamdVersion {
  const match = /^ClamAV ([^/\s]+)(?:\/(\d+)\/(.+))?$/.exec(reply.trim());
  if (!match) throw new ClamdProtocolError(`Unexpected clamd reply to VERSION: ${JSON.stringify(reply)}`);
  return {
    text: reply.trim(),
    engine: match[1],
    databaseVersion: match[2] === undefined ? null : Number(match[2]),
    databaseDate: match[3] ?? null,
  };
}
