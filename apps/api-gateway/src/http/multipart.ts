import busboy from 'busboy';
import type { Request } from 'express';
import { basename } from 'node:path';
import { ObjectStorage } from '@sca/storage';
import { DRF } from '@sca/contracts';
import { ApiError } from './api-error';
import { RawFields } from './request-body';

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
  maxFieldBytes: number;
}

/** Keeps the base name only, without control characters: `../../x.zip` → `x.zip`. */
export function sanitizeUploadName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'));
   
  const clean = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return clean === '.' || clean === '..' ? '' : clean.slice(0, 255);
}

/**
 * Streams a multipart body: the `upload_file` part goes straight into object storage while
 * the request arrives (never buffered), other parts are read as fields. A second file, a
 * file in another field, or an oversized file is drained and reported.
 */
export function readMultipart(req: Request, opts: MultipartOptions): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const fields: RawFields = {};
    const errors: Record<string, string[]> = {};
    let upload: Promise<StoredUpload | null> = Promise.resolve(null);
    let sawUpload = false;
    let failed: ApiError | null = null;
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: opts.maxFileBytes, fieldSize: opts.maxFieldBytes, files: 5, fields: 200 } });
    } catch (e) {
      reject(new ApiError(400, { detail: `Multipart form parse error - ${(e as Error).message}` }));
      return;
    }
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) failed ??= new ApiError(413, { detail: `Field ${name} is larger than ${opts.maxFieldBytes} bytes.` });
      (fields[name] ??= []).push(value);
    });
    bb.on('file', (name, stream, info) => {
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
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      upload = opts.storage.putStream(key, stream).then(async ({ size }) => {
        if (truncated) {
          await opts.storage.remove(key);
          throw new ApiError(413, { detail: `Upload larger than the ${opts.maxFileBytes} bytes limit.` });
        }
        if (size === 0) {
          await opts.storage.remove(key);
          errors.upload_file = [DRF.emptyFile];
          return null;
        }
        return { filename, size, key };
      });
      upload.catch(() => undefined);
    });
    bb.on('error', (e: Error) => reject(new ApiError(400, { detail: `Multipart form parse error - ${e.message}` })));
    bb.on('close', () => {
      upload.then(
        async (stored) => {
          if (failed) {
            if (stored) await opts.storage.remove(stored.key);
            reject(failed);
          } else resolve({ fields, upload: stored, errors });
        },
        (e: unknown) => reject(e),
      );
    });
    req.pipe(bb);
  });
}
