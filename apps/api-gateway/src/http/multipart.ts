import busboy from 'busboy';
import type { Request } from 'express';
import { basename } from 'node:path';
import { ObjectStorage } from '@sca/storage';
import { DRF } from '@sca/contracts';
import { ApiError } from './api-error';
import { CLOSE, guardBody } from './body-guard';
import { RawFields } from './request-body';
import { multipartBodiesInProgress } from './upload-metrics';

/**
 * Non-file fields per request. ScanCode.io's create form has 13 fields and add_input's 3; only
 * `input_urls`, `pipeline`, `labels` and `webhooks` repeat, so 100 leaves room for dozens of
 * list values while a request can no longer make the gateway hold hundreds of fields.
 */
export const MAX_FIELDS = 100;

export interface StoredUpload {
  filename: string;
  size: number;
  key: string;
}

export interface MultipartBody {
  fields: RawFields;
  upload: StoredUpload | null;
  /** DRF-style field errors found while reading (bad file name, empty file, unexpected files). */
  errors: Record<string, string[]>;
}

export interface MultipartOptions {
  storage: ObjectStorage;
  /** Storage key for an uploaded file name (already sanitized). */
  keyFor(filename: string): string;
  maxFileBytes: number;
  /** All non-file fields together, names and values, in bytes. */
  maxFieldsBytes: number;
  /** Longest time without a byte from the client (see guardBody). */
  idleMs: number;
}

/** Keeps the base name only, without control characters: `../../x.zip` → `x.zip`. */
export function sanitizeUploadName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'));
   
  const clean = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return clean === '.' || clean === '..' ? '' : clean.slice(0, 255);
}

const parseError = (message: string, headers: Record<string, string> = {}) => new ApiError(400, { detail: `Multipart form parse error - ${message}` }, headers);

/**
 * Streams a multipart body: the `upload_file` part goes straight into object storage while
 * the request arrives (never buffered), other parts are read as fields. A second file or a file
 * in another field is drained and reported. The first failure (too many or too large fields, an
 * oversized file, a malformed body, a client gone or stalled, storage failing) stops the read at
 * once: the rest of the body is discarded, the file's upload is aborted or removed, and only
 * then does the promise reject, so that nothing of the request outlives it.
 */
export function readMultipart(req: Request, opts: MultipartOptions): Promise<MultipartBody> {
  multipartBodiesInProgress.inc();
  const reading = new Promise<MultipartBody>((resolve, reject) => {
    const fields: RawFields = {};
    const errors: Record<string, string[]> = {};
    let upload: Promise<StoredUpload | null> = Promise.resolve(null);
    let sawUpload = false;
    let fieldsBytes = 0;
    let failure: { error: unknown } | null = null;
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: opts.maxFileBytes, fieldSize: opts.maxFieldsBytes, fields: MAX_FIELDS, files: 5 } });
    } catch (e) {
      reject(parseError((e as Error).message));
      return;
    }

    const fail = (error: unknown) => {
      if (failure) return;
      failure = { error };
      release();
      // Out of busboy's own callbacks: destroying it while it parses a chunk would break it.
      process.nextTick(() => {
        req.unpipe(bb);
        req.resume(); // discard what still arrives until the connection closes
        bb.destroy(error instanceof Error ? error : new Error(String(error))); // destroys the file stream: putStream aborts its upload
        void upload.then(
          async (stored) => {
            if (stored) await opts.storage.remove(stored.key);
            reject(error);
          },
          () => reject(error),
        ).catch(reject);
      });
    };
    const release = guardBody(req, opts.idleMs, fail);

    bb.on('field', (name, value, info) => {
      if (failure) return;
      fieldsBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldsBytes > opts.maxFieldsBytes) {
        fail(parseError(`Fields too large: at most ${opts.maxFieldsBytes} bytes of fields are accepted.`, CLOSE));
        return;
      }
      (fields[name] ??= []).push(value);
    });
    bb.on('fieldsLimit', () => fail(parseError(`Too many fields: at most ${MAX_FIELDS} are accepted.`, CLOSE)));
    bb.on('file', (name, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      if (name !== 'upload_file' || sawUpload) {
        if (name !== 'upload_file') errors[name] = [DRF.unknownField];
        else errors.upload_file = ['Only one file can be uploaded per request.'];
        stream.resume();
        return;
      }
      sawUpload = true;
      const filename = sanitizeUploadName(info.filename ?? '');
      if (!filename) {
        errors.upload_file = [DRF.notAFile];
        stream.resume();
        return;
      }
      const key = opts.keyFor(filename);
      stream.on('limit', () => fail(new ApiError(413, { detail: `Upload larger than the ${opts.maxFileBytes} bytes limit.` }, CLOSE)));
      upload = opts.storage.putStream(key, stream).then(async ({ size }) => {
        if (size > 0) return { filename, size, key };
        await opts.storage.remove(key);
        errors.upload_file = [DRF.emptyFile];
        return null;
      });
      upload.catch(fail);
    });
    bb.on('error', (e: Error) => fail(e instanceof ApiError ? e : parseError(e.message)));
    bb.on('close', () => {
      if (failure) return;
      release();
      upload.then((stored) => resolve({ fields, upload: stored, errors }), reject);
    });
    req.pipe(bb);
  });
  const done = () => void multipartBodiesInProgress.dec();
  reading.then(done, done);
  return reading;
}
