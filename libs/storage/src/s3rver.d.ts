/*
 * Types for the parts of s3rver 3.7 (plain JavaScript, no published types) that local-s3.ts and
 * s3rver-compat.ts use. Written from node_modules/s3rver/lib; keep them to what is actually called.
 */

declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type FilesystemStore from 's3rver/lib/stores/filesystem';

  namespace S3rver {
    interface Options {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      allowMismatchedSignatures?: boolean;
      vhostBuckets?: boolean;
      configureBuckets?: { name: string }[];
    }
    /** The slice of a Koa context the compatibility middleware reads and writes. */
    interface Context {
      method: string;
      path: string;
      querystring: string;
      status: number;
      query: Record<string, string | string[] | undefined>;
      headers: Record<string, string | string[] | undefined>;
      body: unknown;
      /** The request body stream; the controllers read it from here, so it can be replaced. */
      req: import('node:stream').Readable;
    }
    type Middleware = ((ctx: Context, next: () => Promise<void>) => Promise<void>) & { name?: string };
  }

  class S3rver {
    constructor(options?: S3rver.Options);
    /** Koa's middleware list; composed when the server starts listening. */
    middleware: S3rver.Middleware[];
    store: FilesystemStore;
    context: { store: FilesystemStore };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}

declare module 's3rver/lib/models/object' {
  class S3Object {
    constructor(bucket: string, key: string, content: import("node:stream").Readable | null, metadata: Record<string, unknown>);
    content: import("node:stream").Readable | null;
    range?: { start: number; end: number };
    readonly size: number;
  }
  export = S3Object;
}

declare module 's3rver/lib/stores/filesystem' {
  import type S3Object from 's3rver/lib/models/object';

  namespace FilesystemStore {
    interface ListOptions {
      delimiter?: string;
      startAfter?: string;
      prefix?: string;
      maxKeys?: number;
    }
    interface ListResult {
      objects: S3Object[];
      commonPrefixes: string[];
      isTruncated: boolean;
    }
  }

  class FilesystemStore {
    constructor(rootDirectory: string);
    getBucketPath(bucket: string): string;
    getBucket(bucket: string): Promise<object | null>;
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
    listObjects(bucket: string, options: FilesystemStore.ListOptions): Promise<FilesystemStore.ListResult>;
    getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<S3Object | null>;
    deleteObject(bucket: string, key: string): Promise<void>;
    putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5?: string): Promise<void>;
    putObjectMultipart(bucket: string, uploadId: string, parts: { number: number; etag: string }[]): Promise<{ md5: string; size: number }>;
  }

  export = FilesystemStore;
}

declare module 's3rver/lib/models/error' {
  /** Answered as S3's XML error document with the status S3 uses for `code`. */
  class S3Error extends Error {
    constructor(code: string, message?: string, detail?: Record<string, string>);
    readonly code: string;
    readonly status: number;
  }
  export = S3Error;
}
