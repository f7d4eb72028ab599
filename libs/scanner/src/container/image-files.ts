/**
 * Files an image's own JSON points to (manifest.json `Config`/`Layers`, OCI blob digests) are
 * untrusted names: each is resolved below the image directory by real path, so neither a `..`
 * nor a symlink inside the extracted image can make us read a file outside it.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { entrySegments, isInside } from '../archive/safe-paths';
import { isObject, type JsonObject } from './image-config';

/** Image JSON documents are small; a larger one is not an image document we want in memory. */
const MAX_JSON_BYTES = 32 * 1024 * 1024;

export class ImageFormatError extends Error {
  override readonly name = 'ImageFormatError';
}

/** The real path of `rel` below `rootReal` (itself a real path), or an ImageFormatError. */
export async function resolveInside(rootReal: string, rel: string): Promise<string> {
  const parsed = entrySegments(rel);
  if ('refused' in parsed) throw new ImageFormatError(`${JSON.stringify(rel)}: ${parsed.refused}`);
  const real = await realpath(join(rootReal, ...parsed.segments)).catch(() => null);
  if (real === null) throw new ImageFormatError(`${rel}: missing from the image`);
  if (!isInside(rootReal, real)) throw new ImageFormatError(`${rel}: resolves outside the image directory`);
  return real;
}

export async function readJsonFile(path: string, label: string): Promise<unknown> {
  const st = await stat(path);
  if (!st.isFile()) throw new ImageFormatError(`${label}: not a regular file`);
  if (st.size > MAX_JSON_BYTES) throw new ImageFormatError(`${label}: ${st.size} bytes, too large for an image JSON document`);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (e) {
    throw new ImageFormatError(`${label}: invalid JSON: ${(e as Error).message}`);
  }
}

export async function readJsonObject(path: string, label: string): Promise<JsonObject> {
  const value = await readJsonFile(path, label);
  if (!isObject(value)) throw new ImageFormatError(`${label}: expected a JSON object`);
  return value;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
