import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** An entry of a streamed zip: a local file, or a stream opened only when its turn comes. */
export type ZipEntry = { name: string; path: string } | { name: string; open: () => Promise<Readable> };

/** A zip archive written as a stream, one entry after another, never held in memory. */
export function zipStream(entries: readonly ZipEntry[]): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const entry of entries) {
    if ('path' in entry) zip.addFile(entry.path, entry.name);
    else zip.addReadStreamLazy(entry.name, (cb) => void entry.open().then((s) => cb(null, s), (e: unknown) => cb(e, undefined as never)));
  }
  zip.end();
  return zip.outputStream;
}
