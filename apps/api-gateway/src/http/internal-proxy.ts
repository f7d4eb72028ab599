import type { Request, Response } from 'express';
import got from 'got';
import { pipeline } from 'node:stream/promises';
import { ApiError } from './api-error';
import { flatQuery } from './request-context';

/** Response headers an internal service sets that the client must see. */
const PASSED_HEADERS = ['content-type', 'content-disposition'];

/**
 * Streams an internal service's HTTP answer (status, type, disposition, body) to the client with
 * backpressure. `timeoutMs` bounds the wait for the first byte: a generated download can take a
 * while before its headers go out.
 */
export async function proxyInternal(req: Request, res: Response, url: string, timeoutMs: number, service: string): Promise<void> {
  const qs = new URLSearchParams(flatQuery(req)).toString();
  const upstream = got.stream(`${url}${qs ? `?${qs}` : ''}`, { throwHttpErrors: false, retry: { limit: 0 }, timeout: { response: timeoutMs } });
  upstream.on('response', (r: { statusCode: number; headers: Record<string, string | undefined> }) => {
    res.status(r.statusCode);
    for (const name of PASSED_HEADERS) {
      const value = r.headers[name];
      if (value) res.setHeader(name, value);
    }
  });
  try {
    await pipeline(upstream, res);
  } catch (error) {
    if (!res.headersSent) throw new ApiError(503, { detail: `The ${service} is unavailable.` });
    res.destroy(error as Error);
  }
}
