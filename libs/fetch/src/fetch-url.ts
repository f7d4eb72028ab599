import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import got, { MaxRedirectsError, TimeoutError, type Request } from 'got';
import { fetchDockerInput } from './docker-input';
import { downloadFilename } from './download-filename';
import { FetchError, FetchRefusal, findRefusal } from './fetch-error';
import { DEFAULT_MAX_REDIRECTS, type FetchedInput, type FetchOptions, type FetchPolicy } from './fetch-policy';
import { createHostGuard } from './host-guard';
import { classifyInputUrl, type InputUrlKind } from './input-url';

const NOT_YET: Record<Exclude<InputUrlKind, 'http' | 'docker'>, string> = { git: 'Git', purl: 'PURL' };

/**
 * Fetches one input URL into `destDir` as one file: an http(s) download, or a `docker://` image
 * pulled from its registry and packed as an OCI archive (see docker-input.ts). The file goes to
 * a temporary name and is renamed on success, so a failed or aborted fetch never leaves a
 * partial file under the real name; an existing file of that name is overwritten (ScanCode.io).
 * Failures throw FetchError; an abort through `options.signal` rethrows the signal's reason.
 */
export async function fetchUrl(url: string, destDir: string, policy: FetchPolicy, options: FetchOptions = {}): Promise<FetchedInput> {
  const kind = classifyInputUrl(url);
  if (kind === 'docker') return fetchDockerInput(url, destDir, policy, options);
  if (kind !== 'http') throw new FetchError(`${NOT_YET[kind]} inputs are not supported yet: ${url}`);
  const { signal } = options;
  signal?.throwIfAborted();

  await mkdir(destDir, { recursive: true });
  const tempPath = join(destDir, `.fetch-${randomUUID()}.part`);
  // Fresh agents without keep-alive: a pooled socket would skip our DNS check, and one
  // opened under another download's allow list must not be reused under this one.
  const agent = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };
  try {
    const downloaded = await download(url, tempPath, policy, agent, signal);
    const path = join(destDir, downloaded.filename);
    await rename(tempPath, path);
    return { ...downloaded, path };
  } catch (error) {
    await rm(tempPath, { force: true });
    if (signal?.aborted) throw signal.reason;
    throw new FetchError(`Could not fetch: ${url}: ${failureReason(error, policy)}`, { cause: error });
  } finally {
    agent.http.destroy();
    agent.https.destroy();
  }
}

type Agents = { http: http.Agent; https: https.Agent };

async function download(url: string, tempPath: string, policy: FetchPolicy, agent: Agents, signal?: AbortSignal): Promise<Omit<FetchedInput, 'path'>> {
  // Open before starting the request: got emits errors asynchronously, and nothing may
  // await between creating its stream and handing it to pipeline() (unhandled 'error').
  const file = await open(tempPath, 'wx');
  let request: Request;
  try {
    request = startRequest(url, policy, agent);
  } catch (error) {
    await file.close();
    throw error;
  }
  let response: { filename: string; finalUrl: string; contentType?: string } | undefined;

  request.on('response', (res: http.IncomingMessage & { url: string }) => {
    if (res.statusCode !== 200) return request.destroy(new FetchRefusal(`HTTP ${res.statusCode ?? 'error'}`));
    // Refuse early on an honest Content-Length; the byte counter below catches the rest.
    if (Number(res.headers['content-length']) > policy.maxBytes) return request.destroy(new FetchRefusal(tooLarge(policy)));
    const contentType = res.headers['content-type'];
    response = { filename: downloadFilename(res.headers['content-disposition'], res.url), finalUrl: res.url, ...(contentType ? { contentType } : {}) };
  });

  const counter = byteLimit(policy);
  await pipeline(request, counter.stream, file.createWriteStream(), signal ? { signal } : {});
  if (!response) throw new Error('no response received');
  return { ...response, size: counter.bytes() };
}

function startRequest(url: string, policy: FetchPolicy, agent: Agents): Request {
  const guard = createHostGuard(policy.allowedHosts);
  const timeout = policy.timeoutMs;
  const origin = new URL(url).origin;
  return got.stream(url, {
    agent,
    dnsLookup: guard.lookup,
    maxRedirects: policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    throwHttpErrors: false,
    retry: { limit: 0 },
    // Store the bytes the server sends (a .tar.gz served with Content-Encoding: gzip stays a
    // .tar.gz), and make maxBytes bound what is written, not a decompression bomb's output.
    decompress: false,
    // `socket` is an idle timeout: big files may take long, but a stalled transfer fails.
    timeout: { lookup: timeout, connect: timeout, secureConnect: timeout, send: timeout, response: timeout, socket: timeout },
    headers: { 'user-agent': 'scanworks', ...policy.headers },
    hooks: {
      // Runs before every hop; Node skips `lookup` for IP-literal hosts, so check them here.
      beforeRequest: [(options) => guard.checkUrl(options.url as URL)],
      beforeRedirect: [
        (options) => {
          const next = options.url as URL;
          if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchRefusal(`redirect to unsupported URL ${next.href}`);
          // Per-host credentials in headers must not follow a redirect to another origin.
          if (next.origin !== origin) for (const name of Object.keys(policy.headers ?? {})) options.headers[name.toLowerCase()] = undefined;
          guard.checkUrl(next);
        },
      ],
    },
  });
}

/** Counts bytes on their way to disk and fails once the limit is passed (Content-Length can lie). */
function byteLimit(policy: FetchPolicy): { stream: Transform; bytes: () => number } {
  let total = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      total += chunk.length;
      if (total > policy.maxBytes) callback(new FetchRefusal(tooLarge(policy)));
      else callback(null, chunk);
    },
  });
  return { stream, bytes: () => total };
}

function tooLarge(policy: FetchPolicy): string {
  return `larger than the ${policy.maxBytes} bytes limit`;
}

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
};

/** A short, user-facing reason; the full error stays available as `cause`. */
function failureReason(error: unknown, policy: FetchPolicy): string {
  const refusal = findRefusal(error);
  if (refusal) return refusal.message;
  if (error instanceof MaxRedirectsError) return `more than ${policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS} redirects`;
  if (error instanceof TimeoutError) {
    return error.event === 'socket' ? `no data received for ${policy.timeoutMs} ms` : `timed out after ${policy.timeoutMs} ms (${error.event})`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return NETWORK_REASONS[code] ?? (error instanceof Error ? error.message : String(error));
}
