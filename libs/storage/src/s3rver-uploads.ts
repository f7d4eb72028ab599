import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';
import S3Error from 's3rver/lib/models/error';
import type FilesystemStore from 's3rver/lib/stores/filesystem';

/*
 * s3rver 3.7 keeps a multipart upload in `<bucket>/._S3rver_uploads/<upload id>/` (a `key` file,
 * then one file per part) but answers AbortMultipartUpload with MethodNotAllowed and
 * ListMultipartUploads with NotImplemented, so an upload that failed stayed forever and nothing
 * could tell. These three handlers fill the gap, enough for minio's abortMultipartUpload and
 * listIncompleteUploads (which also lists each upload's parts for its size).
 */

const OWNER = { ID: '123456789000', DisplayName: 'S3rver' };
/** s3rver makes upload ids of 16 random bytes in hex; anything else cannot name an upload (or a path). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface Upload {
  key: string;
  uploadId: string;
  dir: string;
  initiated: Date;
}

function noSuchUpload(): Error {
  return new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
}

async function uploadsOf(store: FilesystemStore, bucket: string): Promise<Upload[]> {
  const root = store.getResourcePath(bucket, undefined, 'uploads');
  let ids: string[];
  try {
    ids = await readdir(root);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const uploads = await Promise.all(ids.filter((id) => UPLOAD_ID.test(id)).map((id) => readUpload(join(root, id), id)));
  return uploads.filter((u): u is Upload => u !== null);
}

/** null when the upload was completed or aborted meanwhile. */
async function readUpload(dir: string, uploadId: string): Promise<Upload | null> {
  try {
    const [key, info] = await Promise.all([readFile(join(dir, 'key'), 'utf8'), stat(dir)]);
    return { key, uploadId, dir, initiated: info.birthtime.getTime() > 0 ? info.birthtime : info.mtime };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

async function findUpload(store: FilesystemStore, bucket: string, key: string, uploadId: string): Promise<Upload> {
  const upload = UPLOAD_ID.test(uploadId) ? await readUpload(join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId), uploadId) : null;
  if (!upload || upload.key !== key) throw noSuchUpload();
  return upload;
}

async function listUploads(ctx: S3rver.Context, store: FilesystemStore, bucket: string): Promise<void> {
  const prefix = String(ctx.query['prefix'] ?? '');
  const delimiter = String(ctx.query['delimiter'] ?? '');
  const uploads: Upload[] = [];
  const commonPrefixes = new Set<string>();
  for (const upload of await uploadsOf(store, bucket)) {
    if (!upload.key.startsWith(prefix)) continue;
    const cut = delimiter ? upload.key.indexOf(delimiter, prefix.length) : -1;
    if (cut === -1) uploads.push(upload);
    else commonPrefixes.add(upload.key.slice(0, cut + delimiter.length));
  }
  uploads.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) || a.initiated.getTime() - b.initiated.getTime());
  ctx.body = {
    ListMultipartUploadsResult: {
      Bucket: bucket,
      KeyMarker: '',
      UploadIdMarker: '',
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      Upload: uploads.map((u) => ({ Key: u.key, UploadId: u.uploadId, Initiator: OWNER, Owner: OWNER, StorageClass: 'STANDARD', Initiated: u.initiated.toISOString() })),
      CommonPrefixes: [...commonPrefixes].sort().map((p) => ({ Prefix: p })),
    },
  };
}

async function listParts(ctx: S3rver.Context, upload: Upload, bucket: string): Promise<void> {
  const numbers = (await readdir(upload.dir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [info, md5] = await Promise.all([stat(join(upload.dir, String(n))), readFile(join(upload.dir, `${n}.md5`), 'utf8').catch(() => '')]);
      return { PartNumber: n, LastModified: info.mtime.toISOString(), ETag: JSON.stringify(md5), Size: info.size };
    }),
  );
  ctx.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: upload.key,
      UploadId: upload.uploadId,
      Initiator: OWNER,
      Owner: OWNER,
      StorageClass: 'STANDARD',
      PartNumberMarker: 0,
      NextPartNumberMarker: numbers.at(-1) ?? 0,
      MaxParts: 10000,
      IsTruncated: false,
      Part: parts,
    },
  };
}

/** Handles the multipart requests s3rver lacks; false for every other request. */
export async function handleMultipartUploads(ctx: S3rver.Context, store: FilesystemStore): Promise<boolean> {
  const match = /^\/([^/]+)(?:\/(.+))?$/.exec(ctx.path);
  if (!match) return false;
  const bucket = decodeURIComponent(match[1]);
  const key = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  const uploadId = ctx.query['uploadId'];
  if (key === undefined && ctx.method === 'GET' && 'uploads' in ctx.query) {
    if (!(await store.getBucket(bucket))) throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
    await listUploads(ctx, store, bucket);
    return true;
  }
  if (key === undefined || typeof uploadId !== 'string' || (ctx.method !== 'DELETE' && ctx.method !== 'GET')) return false;
  const upload = await findUpload(store, bucket, key, uploadId);
  if (ctx.method === 'GET') {
    await listParts(ctx, upload, bucket);
  } else {
    await rm(upload.dir, { recursive: true, force: true });
    ctx.status = 204;
  }
  return true;
}
