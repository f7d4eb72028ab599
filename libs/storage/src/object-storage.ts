import type { Readable } from 'node:stream';

/** What a listing or a stat says about one stored object. */
export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * The object-storage port (ARCHITECTURE §5). Services depend on this interface, never on the S3
 * client, so that the one implementation can be swapped in tests only by pointing it at another server.
 * Every body moves as a stream: nothing here holds a whole object in memory except `getBuffer`, which
 * takes a size limit, and `putBuffer`, whose caller already holds the data.
 */
export interface ObjectStorage {
  /** Creates the configured bucket if it is missing; safe to call from several processes at once. */
  ensureBucket(): Promise<void>;
  /**
   * Streams `body` into `key` and returns the byte count seen while streaming. `opts.size`, when given,
   * is checked against that count, so a truncated body is never stored as if it were complete.
   */
  putStream(key: string, body: Readable, opts?: { size?: number; contentType?: string }): Promise<{ size: number }>;
  putFile(key: string, localPath: string, contentType?: string): Promise<{ size: number }>;
  putBuffer(key: string, data: Buffer | string, contentType?: string): Promise<void>;
  /** Byte range is inclusive, like HTTP's Range header. Throws ObjectNotFoundError if missing. */
  getStream(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  /** Throws ObjectTooLargeError as soon as more than `maxBytes` arrive. */
  getBuffer(key: string, maxBytes?: number): Promise<Buffer>;
  /** Creates parent directories, streams to disk, and leaves no partial file behind on failure. */
  downloadToFile(key: string, localPath: string): Promise<void>;
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Every object under `prefix`, recursively, fetched page by page as the caller iterates. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /**
   * Entry names directly under `prefix`, like `ls`: objects and "directories" (common prefixes)
   * without a trailing slash, sorted, without duplicates. A prefix without a trailing '/' gets one.
   */
  listNames(prefix: string): Promise<string[]>;
  /** No error if the object is missing. */
  remove(key: string): Promise<void>;
  /** Removes every object under a non-empty prefix in batches; returns how many it removed. */
  removePrefix(prefix: string): Promise<number>;
  /**
   * Copies one object to another key inside the store (S3's CopyObject: no byte passes through
   * this process); returns the size copied. Throws ObjectNotFoundError if `fromKey` is missing.
   */
  copy(fromKey: string, toKey: string): Promise<{ size: number }>;
  /** Copies every object under `fromPrefix` to the same relative key under `toPrefix`. */
  copyPrefix(fromPrefix: string, toPrefix: string): Promise<number>;
  /** Uploads regular files under `localDir` (symlinks skipped) below `prefix`; returns the file count. */
  uploadDirectory(localDir: string, prefix: string, concurrency?: number): Promise<number>;
  /** Downloads every object under `prefix` into `localDir` at its relative path; returns the count. */
  downloadPrefix(prefix: string, localDir: string, concurrency?: number): Promise<number>;
}

/** Nest injection token for the ObjectStorage instance (see StorageModule). */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
