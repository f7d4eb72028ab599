import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A file's license fields after the references of its detections were followed. */
export interface FollowedRecordLicenses {
  detected_license_expression: string | null;
  detected_license_expression_spdx: string | null;
  license_detections: unknown[];
}

/**
 * Follows license references to other files ("see LICENSE") once every record is in, as
 * ScanCode's license plugin does after the scan. The writer shows it each record that has rules
 * naming files, reads back the records it asks for, and rewrites the records it followed.
 */
export interface ReferenceFollower {
  /** A record's own license detections and the files its rules name, by rule; true when the record is to be followed. */
  note(path: string, detections: unknown[], ruleReferences: Readonly<Record<string, string[]>>): boolean;
  /** The paths whose records `follow` needs. */
  wanted(): ReadonlySet<string>;
  /** The license detections of a wanted path that exists (a directory has none). */
  provide(path: string, detections: unknown[]): void;
  /** The new license fields of each noted record that changed. */
  follow(): ReadonlyMap<string, FollowedRecordLicenses>;
}

/** A record line of the temporary files list starts with its path (the toolkit's key order). */
const RECORD_PATH = /^\{"path":("(?:[^"\\]|\\.)*")/;

/** A line of the temporary files list as a record: records are separated by ",\n". */
function parseLine(line: string): Record<string, unknown> {
  return JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as Record<string, unknown>;
}

/** The path of a record line of the temporary files list, or null for a line that is no record. */
export function recordPath(line: string): string | null {
  const m = RECORD_PATH.exec(line);
  return m ? (JSON.parse(m[1]) as string) : null;
}

/**
 * Streams the lines of a file: `piece` gets each part of the current line as it arrives (a
 * line longer than a chunk comes in several), `end` is called at each line's end and the file's.
 */
export async function streamLines(filesPath: string, piece: (text: string) => void, end: () => void): Promise<void> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(filesPath)) {
    const text = decoder.write(chunk as Buffer);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      piece(text.slice(start, nl));
      end();
      start = nl + 1;
    }
    piece(text.slice(start));
  }
  piece(decoder.end());
  end();
}

/** How every record line starts, up to its path's first character. */
const RECORD_START = '{"path":"';

/**
 * Calls `onLine` with each line of the temporary files list whose record's path `wanted` holds.
 * A line is judged by its start, so the others (a record may be many megabytes) are skipped
 * as they stream by, never put together.
 */
async function forWantedLines(filesPath: string, wanted: ReadonlySet<string>, onLine: (path: string, line: string) => void): Promise<void> {
  let pieces: string[] = [];
  let path: string | null = null;
  let skip = false;
  const judge = (): void => {
    const head = pieces.join('');
    pieces = [head];
    path = recordPath(head);
    if (path !== null) skip = !wanted.has(path);
    else if (!(head.length < RECORD_START.length ? RECORD_START.startsWith(head) : head.startsWith(RECORD_START))) skip = true;
    if (skip) pieces = [];
  };
  const add = (piece: string): void => {
    if (skip || !piece) return;
    pieces.push(piece);
    if (path === null) judge();
  };
  const end = (): void => {
    if (!skip && path !== null) onLine(path, pieces.join(''));
    pieces = [];
    path = null;
    skip = false;
  };
  await streamLines(filesPath, add, end);
}

/** Gives the follower the records it wants, reading the temporary files list once. */
export async function readBackWanted(filesPath: string, follower: ReferenceFollower): Promise<void> {
  const wanted = follower.wanted();
  if (wanted.size === 0) return;
  await forWantedLines(filesPath, wanted, (path, line) => {
    const detections = parseLine(line).license_detections;
    follower.provide(path, Array.isArray(detections) ? detections : []);
  });
}

/**
 * The fields the writer fills in once the whole codebase is known: records are written with them
 * empty (toolkit-record.ts), and the lines of linked or reviewed files get their values here.
 */
const EMPTY_FOR_PACKAGES = '"for_packages":[]';
const EMPTY_FOR_TODO = '"for_todo":[]';

/**
 * Completes the records of the temporary files list (one record per line) as they are copied to
 * the output, streaming: `for_packages` of linked files and `for_todo` of reviewed ones filled in,
 * followed license fields replaced. Only lines of such files are touched.
 */
export function completeRecords(forPackages: ReadonlyMap<string, readonly string[]>, followed: ReadonlyMap<string, FollowedRecordLicenses>, forTodo: ReadonlyMap<string, readonly string[]> = new Map()): Transform {
  const complete = (line: string): string => {
    const path = recordPath(line);
    if (path === null) return line;
    const uids = forPackages.get(path);
    const licenses = followed.get(path);
    let out = uids?.length ? line.replace(EMPTY_FOR_PACKAGES, `"for_packages":${JSON.stringify(uids)}`) : line;
    const todo = forTodo.get(path);
    if (todo?.length) out = out.replace(EMPTY_FOR_TODO, `"for_todo":${JSON.stringify(todo)}`);
    if (licenses) {
      const record = Object.assign(parseLine(out), licenses);
      out = JSON.stringify(record) + (out.endsWith(',') ? ',' : '');
    }
    return out;
  };
  return lineTransform(complete);
}

/**
 * A stream that applies `edit` to each line. A chunk is searched for line ends from where the
 * previous one stopped, and a line longer than a chunk is kept as pieces until it ends: a record
 * of many megabytes (a minified bundle's matches) costs its length once, not once per chunk.
 */
function lineTransform(edit: (line: string) => string): Transform {
  const decoder = new StringDecoder('utf8');
  const pending: string[] = [];
  const take = (tail: string): string => {
    const line = pending.length ? pending.join('') + tail : tail;
    pending.length = 0;
    return line;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const text = decoder.write(chunk);
      const out: string[] = [];
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        out.push(edit(take(text.slice(start, nl))), '\n');
        start = nl + 1;
      }
      if (start < text.length) pending.push(text.slice(start));
      done(null, out.join(''));
    },
    flush(done) {
      const last = take(decoder.end());
      done(null, last ? edit(last) : '');
    },
  });
}
