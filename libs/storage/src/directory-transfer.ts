import { join } from 'node:path';
import { forEachLimited } from './for-each-limited';
import { localPathFor, walkFiles } from './local-files';
import { toDirectoryPrefix } from './object-key';
import type { ObjectInfo, ObjectStorage } from './object-storage';

/*
 * Whole-directory transfers between a run's scratch directory and the bucket, written against the
 * port alone so that they stream and limit concurrency the same way whatever the storage is.
 */

/** Directory markers (`dir/`, made by some S3 consoles) are not files and cannot become one. */
async function* filesOnly(objects: AsyncIterable<ObjectInfo>): AsyncGenerator<ObjectInfo> {
  for await (const object of objects) if (!object.key.endsWith('/')) yield object;
}

export function uploadDirectory(storage: ObjectStorage, localDir: string, prefix: string, concurrency: number): Promise<number> {
  const dir = toDirectoryPrefix(prefix);
  return forEachLimited(walkFiles(localDir), concurrency, async (rel) => {
    await storage.putFile(dir + rel, join(localDir, rel));
  });
}

export function downloadPrefix(storage: ObjectStorage, prefix: string, localDir: string, concurrency: number): Promise<number> {
  const dir = toDirectoryPrefix(prefix);
  return forEachLimited(filesOnly(storage.list(dir)), concurrency, (object) =>
    storage.downloadToFile(object.key, localPathFor(localDir, object.key.slice(dir.length))),
  );
}
