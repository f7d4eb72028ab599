import type { Request } from 'express';
import { ApiError } from './api-error';

export type RawFields = Record<string, string[]>;

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'form'; fields: RawFields } | { kind: 'none' };

export function mediaType(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Reads a non-file body up to `limit` bytes; a bigger one is refused before it is buffered. */
async function readText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new ApiError(413, { detail: `Request body too large: the limit is ${limit} bytes.` });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, { detail: `Request body too large: the limit is ${limit} bytes.` });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON or urlencoded bodies (multipart is streamed separately, see multipart.ts). */
export async function readBody(req: Request, limit: number): Promise<ParsedBody> {
  const type = mediaType(req);
  const text = await readText(req, limit);
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
