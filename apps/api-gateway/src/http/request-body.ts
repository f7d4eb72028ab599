import type { Request } from 'express';
import { ApiError } from './api-error';
import { BodyLimits, CLOSE, guardBody } from './body-guard';

export type RawFields = Record<string, string[]>;

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'form'; fields: RawFields } | { kind: 'none' };

export function mediaType(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

const tooLarge = (limit: number) => new ApiError(413, { detail: `Request body too large: the limit is ${limit} bytes.` }, CLOSE);

/**
 * Reads a non-file body up to `maxBytes`; a bigger one is refused before it is buffered. A client
 * that goes away or stalls (see guardBody) ends the read.
 */
function readText(req: Request, limits: BodyLimits): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes) return Promise.reject(tooLarge(limits.maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) fail(tooLarge(limits.maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      release();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const fail = (error: ApiError) => {
      release();
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume(); // discard what still arrives until the connection closes
      reject(error);
    };
    const release = guardBody(req, limits.idleMs, fail);
    req.on('data', onData);
    req.once('end', onEnd);
  });
}

/** JSON or urlencoded bodies (multipart is streamed separately, see multipart.ts). */
export async function readBody(req: Request, limits: BodyLimits): Promise<ParsedBody> {
  const type = mediaType(req);
  const text = await readText(req, limits);
  if (type === 'application/json' || type.endsWith('+json')) {
    if (text.trim() === '') return { kind: 'json', value: {} };
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch (e) {
      throw new ApiError(400, { detail: `JSON parse error - ${(e as Error).message}` });
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const fields: RawFields = {};
    for (const [k, v] of new URLSearchParams(text)) (fields[k] ??= []).push(v);
    return { kind: 'form', fields };
  }
  if (text.trim() === '') return { kind: 'none' };
  throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
}
