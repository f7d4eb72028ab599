import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import S3Object from 's3rver/lib/models/object';
import FilesystemStore from 's3rver/lib/stores/filesystem';
import { completeMultipartUpload, type CompletedPart } from './s3rver-complete-upload';

/*
 * s3rver's file store keeps object `a/b` as `<bucket>/a/b._S3rver_object`. Its listing walks that
 * tree and gets three things wrong that matter here, so listObjects is replaced:
 *  - with a delimiter it never descends into a directory below the first level, so a "directory"
 *    whose only content is further subdirectories vanished from the listing;
 *  - it returns keys in file-system walk order, not key order, yet pages with start-after, so a
 *    second page could skip keys;
 *  - a truncated page's continuation token is encrypted with DES, which Node 20's OpenSSL 3 no
 *    longer provides: any listing of more than 1000 keys answered 500.
 * The replacement walks the tree, sorts keys as S3 does (by UTF-8 bytes) and never truncates, so no
 * token is ever needed. One big page is fine for a development server.
 */

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';

function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Keys stored under the directory part of `prefix`, unsorted and not yet filtered by the rest of it. */
async function storedKeys(bucketPath: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  const visit = async (dirKey: string, namePrefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(bucketPath, dirKey), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.name.startsWith(namePrefix) || (dirKey === '' && entry.name === UPLOADS_DIR)) continue;
      if (entry.isDirectory()) await visit(`${dirKey}${entry.name}/`, '');
      else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) keys.push(dirKey + entry.name.slice(0, -OBJECT_SUFFIX.length));
    }
  };
  const slash = prefix.lastIndexOf('/');
  await visit(prefix.slice(0, slash + 1), prefix.slice(slash + 1));
  return keys;
}

class CompatFilesystemStore extends FilesystemStore {
  override async listObjects(bucket: string, options: FilesystemStore.ListOptions): Promise<FilesystemStore.ListResult> {
    const { prefix = '', delimiter = '', startAfter = '' } = options;
    const commonPrefixes = new Set<string>();
    const objectKeys: string[] = [];
    for (const key of await storedKeys(this.getBucketPath(bucket), prefix)) {
      if (!key.startsWith(prefix) || byBytes(key, startAfter) <= 0) continue;
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      if (cut === -1) objectKeys.push(key);
      else commonPrefixes.add(key.slice(0, cut + delimiter.length));
    }
    const objects = await Promise.all(
      objectKeys.sort(byBytes).map(async (key) => {
        try {
          return new S3Object(bucket, key, null, await this.getMetadata(bucket, key));
        } catch (error) {
          if (isMissing(error)) return undefined; // deleted while we listed
          throw error;
        }
      }),
    );
    return {
      objects: objects.filter((object): object is S3Object => object !== undefined),
      commonPrefixes: [...commonPrefixes].sort(byBytes),
      isTruncated: false,
    };
  }

  /**
   * After unlinking, s3rver removes parent directories that became empty. A multi-object delete runs
   * its deletes concurrently, so two of them race to remove the same directory and the loser's
   * ENOENT turned the whole request into a 500. The object is gone by then; only tidying failed.
   */
  override async deleteObject(bucket: string, key: string): Promise<void> {
    try {
      await super.deleteObject(bucket, key);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (!isMissing(error) && code !== 'ENOTEMPTY') throw error;
    }
  }

  override putObjectMultipart(bucket: string, uploadId: string, parts: CompletedPart[]): Promise<{ md5: string; size: number }> {
    return completeMultipartUpload(this, bucket, uploadId, parts);
  }

  /** s3rver reads the range end as `end || Infinity`, so `bytes=0-0` returned the whole object. */
  override async getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<S3Object | null> {
    if (options?.end !== 0 || (options.start ?? 0) !== 0) return super.getObject(bucket, key, options);
    const object = await super.getObject(bucket, key, { start: 0 });
    if (!object?.content) return object;
    object.content.destroy();
    // An empty object has no byte 0: without content the controller answers 416, as S3 does.
    object.content = object.size === 0 ? null : createReadStream(this.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 });
    object.range = { start: 0, end: 0 };
    return object;
  }
}

export function compatStore(directory: string): FilesystemStore {
  return new CompatFilesystemStore(directory);
}
