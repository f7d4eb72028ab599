import { Readable } from 'node:stream';

/**
 * Reads the first `count` bytes of a stream and gives back the whole stream again, so that what a
 * compressor holds (a tar, a cpio, or a plain file) can be decided from its decompressed head.
 */
export async function peekStream(stream: Readable, count: number): Promise<{ head: Buffer; stream: Readable }> {
  const source: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  while (size < count) {
    const next = await source.next();
    if (next.done) break;
    seen.push(next.value);
    size += next.value.length;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    yield* seen;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  return { head: Buffer.concat(seen).subarray(0, count), stream: Readable.from(replay(), { objectMode: false }) };
}

/** The name of a lone decompressed file: the archive's name without its compressor suffix. */
export function decompressedName(archiveName: string): string {
  const renamed = archiveName
    .replace(/\.(tgz|taz)$/i, '.tar')
    .replace(/\.svgz$/i, '.svg')
    .replace(/\.(gz|gzip|z|bz2|bz|bzip2|xz|zst|zstd)$/i, '');
  return renamed === '' ? 'decompressed' : renamed;
}
