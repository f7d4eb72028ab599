import { inflateRawSync } from 'node:zlib';
import type { ObjectStorage } from './object-storage';

/**
 * Where a codebase file is kept: `size` bytes at `offset` of the object `key` (a run's codebase
 * pack); or, with `deflated`, a raw deflate stream of that many bytes there that inflates to
 * `size` bytes (a member of the stored copy of an input zip, never uploaded again).
 */
export interface PackedFilePlace {
  key: string;
  offset: number;
  size: number;
  deflated: number | null;
}

/** The stored bytes of a packed file: its range of the object, inflated to exactly `size` bytes when deflated. */
export function packedRange(place: PackedFilePlace): { start: number; end: number } {
  return { start: place.offset, end: place.offset + (place.deflated ?? place.size) - 1 };
}

/** A packed file's own bytes from the bytes of its range. */
export function unpackBytes(place: PackedFilePlace, raw: Buffer): Buffer {
  if (place.deflated === null) return raw;
  let data: Buffer;
  try {
    data = inflateRawSync(raw, { maxOutputLength: Math.max(1, place.size) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`${place.key}: the member at ${place.offset} inflates to more than ${place.size} bytes`);
    throw error;
  }
  if (data.length !== place.size) throw new Error(`${place.key}: the member at ${place.offset} inflates to ${data.length} bytes, not ${place.size}`);
  return data;
}

/** A packed file read whole (callers bound `size` first: these are files shown or read as text). */
export async function readPackedFile(storage: ObjectStorage, place: PackedFilePlace): Promise<Buffer> {
  if (place.size === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(place.key, packedRange(place))) chunks.push(chunk as Buffer);
  return unpackBytes(place, Buffer.concat(chunks));
}
