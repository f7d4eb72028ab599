import { Readable } from 'node:stream';
import type S3rver from 's3rver';
import type FilesystemStore from 's3rver/lib/stores/filesystem';
import { compatStore } from './s3rver-compat.store';
import { handleMultipartUploads } from './s3rver-uploads';

/*
 * s3rver 3.7 (unmaintained since 2020) next to minio 8 and Node 20 gets several things wrong. The
 * fixes at the HTTP layer are here, those in its file store in s3rver-compat.store.ts, the missing
 * multipart requests (abort, list uploads, list parts) in s3rver-uploads.ts; the
 * integration tests in libs/storage/test exercise each correctness fix (see libs/storage/README.md).
 */

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * s3rver ignores `encoding-type=url`, but minio always asks for it and always URL-decodes what it
 * gets back: without this a key with '+' was listed with a space, a key with '%' broke listing
 * (URIError) and trailing spaces were trimmed by the XML parser. `'` is escaped too, because
 * s3rver's XML writer turns it into `&#x27;`, which minio's XML parser leaves undecoded.
 */
function urlEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function urlEncodeListing(body: unknown): void {
  if (!isEntry(body) || !isEntry(body['ListBucketResult'])) return;
  const result = body['ListBucketResult'];
  const encode = (entry: Entry, field: string): void => {
    if (typeof entry[field] === 'string') entry[field] = urlEncode(entry[field]);
  };
  for (const field of ['Prefix', 'Delimiter', 'StartAfter']) encode(result, field);
  for (const item of [result['Contents']].flat()) if (isEntry(item)) encode(item, 'Key');
  for (const item of [result['CommonPrefixes']].flat()) if (isEntry(item)) encode(item, 'Prefix');
  result['EncodingType'] = 'url';
}

/**
 * s3rver decodes `x-amz-copy-source` with decodeURI, which leaves '#', '?', '&', '+' and the other
 * reserved characters escaped, so copying such a key failed with NoSuchKey. Re-encoding the fully
 * decoded value with encodeURI (which leaves exactly those characters alone) makes its decodeURI
 * give back the real key. s3rver does not verify SigV4 signatures, so rewriting a signed header is safe.
 */
function reencodeCopySource(value: string): string {
  try {
    return encodeURI(decodeURIComponent(value));
  } catch {
    return value; // malformed escapes: let s3rver report the error it would have reported
  }
}

/**
 * s3rver parses a multi-object delete with an XML parser that trims text, so a key ending in a space
 * was "deleted" (and reported as such) while the object stayed. Writing that whitespace as character
 * references survives the trim; s3rver decodes them afterwards.
 */
async function protectDeleteKeys(ctx: S3rver.Context): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const asReferences = (ws: string): string => [...ws].map((c) => `&#${c.codePointAt(0)};`).join('');
  const xml = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/<Key>([^<]*)<\/Key>/g, (_m, key: string) => `<Key>${key.replace(/^\s+|\s+$/g, asReferences)}</Key>`);
  ctx.req = Readable.from([Buffer.from(xml, 'utf8')]);
}

/**
 * HEAD Bucket (minio's bucketExists) only asks whether the bucket exists, but s3rver answers it by
 * running a full listing, which with the never-truncating listing of s3rver-compat.store.ts would
 * read the metadata of every object in the bucket each time a service starts.
 */
async function headBucket(ctx: S3rver.Context, store: FilesystemStore): Promise<boolean> {
  const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
  if (ctx.method !== 'HEAD' || ctx.querystring !== '' || bucket === undefined) return false;
  ctx.status = (await store.getBucket(decodeURIComponent(bucket))) ? 200 : 404;
  return true;
}

async function httpCompat(ctx: S3rver.Context, next: () => Promise<void>, store: FilesystemStore): Promise<void> {
  if (await headBucket(ctx, store)) return;
  if (await handleMultipartUploads(ctx, store)) return;
  const copySource = ctx.headers['x-amz-copy-source'];
  if (typeof copySource === 'string') ctx.headers['x-amz-copy-source'] = reencodeCopySource(copySource);
  if (ctx.method === 'POST' && 'delete' in ctx.query) await protectDeleteKeys(ctx);
  await next();
  if (ctx.query['encoding-type'] === 'url') urlEncodeListing(ctx.body);
}

/**
 * Installs the fixes on a server that is not yet running. The middleware goes just before the
 * router, i.e. after s3rver's XML serializer, so it sees the response body as an object on the way out.
 */
export function applyS3rverCompat(server: S3rver, directory: string): void {
  const routerAt = server.middleware.length - 1;
  if (server.middleware[routerAt]?.name !== 'dispatch') {
    throw new Error('Unexpected s3rver middleware layout; s3rver-compat.ts needs updating for this s3rver version');
  }
  const store = compatStore(directory);
  server.middleware.splice(routerAt, 0, (ctx, next) => httpCompat(ctx, next, store));
  server.store = store;
  server.context.store = store;
}
