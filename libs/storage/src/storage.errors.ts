/*
 * Domain errors of the storage library. Each carries a stable `code` (ARCHITECTURE §10) so the
 * gateway's error filter can map it to an HTTP status without string-matching messages.
 */

/** The object does not exist (S3 NoSuchKey / NotFound). */
export class ObjectNotFoundError extends Error {
  readonly code = 'object_not_found';

  constructor(readonly key: string) {
    super(`Object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** getBuffer was asked for an object bigger than the caller is willing to hold in memory. */
export class ObjectTooLargeError extends Error {
  readonly code = 'object_too_large';

  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`Object ${key} is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** A key, prefix, file name or relative path that could escape its place in the key layout. */
export class InvalidKeyError extends Error {
  readonly code = 'invalid_key';

  constructor(
    readonly value: string,
    reason: string,
  ) {
    super(`Invalid storage key or path ${JSON.stringify(value)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/** A stream ended with a different byte count than the caller announced; nothing was stored. */
export class ObjectSizeMismatchError extends Error {
  readonly code = 'object_size_mismatch';

  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Object ${key}: expected ${expected} bytes, got ${actual}`);
    this.name = 'ObjectSizeMismatchError';
  }
}
