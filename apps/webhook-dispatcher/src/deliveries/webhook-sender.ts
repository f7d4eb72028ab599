import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import got from 'got';
import { createHostGuard } from '@sca/fetch';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: Readable;
  contentLength: number;
}

export interface SendResult {
  statusCode: number | null;
  /** The response text, cut to the configured limit. */
  responseText: string;
  retryAfter?: string;
  /** Network or timeout error text; empty when a response arrived. */
  error: string;
  /** The target may not be called (a private address not in FETCH_ALLOWED_HOSTS). */
  refused: boolean;
  durationMs: number;
}

export interface SenderSettings {
  timeoutMs: number;
  responseTextLimit: number;
  allowedHosts: string[];
}

/**
 * One HTTP POST of a webhook body. The same address rules as input URLs apply (FETCH_ALLOWED_HOSTS),
 * checked in the DNS lookup the socket uses; redirects are not followed; the response is read only
 * up to the text limit.
 */
export async function sendWebhook(request: SendRequest, settings: SenderSettings): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  const guard = createHostGuard(settings.allowedHosts);
  try {
    guard.checkUrl(new URL(request.url));
  } catch (error) {
    return done({ statusCode: null, responseText: '', error: (error as Error).message, refused: true });
  }
  // A fresh agent per request: a pooled socket would skip the DNS check of this target.
  const agent = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };
  try {
    const stream = got.stream.post(request.url, {
      agent,
      dnsLookup: guard.lookup,
      headers: { ...request.headers, 'content-length': String(request.contentLength) },
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: settings.timeoutMs },
    });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    request.body.on('error', (error) => stream.destroy(error));
    request.body.pipe(stream);
    const res = await response;
    const responseText = await readLimited(stream, settings.responseTextLimit);
    const retryAfter = res.headers['retry-after'];
    return done({ statusCode: res.statusCode ?? null, responseText, ...(retryAfter ? { retryAfter } : {}), error: '', refused: false });
  } catch (error) {
    const refused = (error as Error).name === 'FetchRefusal' || (error as { cause?: Error }).cause?.name === 'FetchRefusal';
    return done({ statusCode: null, responseText: '', error: errorText(error), refused });
  } finally {
    agent.http.destroy();
    agent.https.destroy();
  }
}

/** Reads at most `limit` characters of the response, then drops the connection. */
async function readLimited(stream: Readable, limit: number): Promise<string> {
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      if (text.length >= limit) {
        stream.destroy();
        break;
      }
    }
  } catch {
    // A response cut short still tells its status; keep what arrived.
  }
  return text.slice(0, limit);
}

function errorText(error: unknown): string {
  const e = error as Error & { code?: string; cause?: Error };
  const reason = e.cause?.message && e.cause.message !== e.message ? `${e.message} (${e.cause.message})` : e.message;
  return e.code && !reason.includes(e.code) ? `${e.code}: ${reason}` : reason;
}
