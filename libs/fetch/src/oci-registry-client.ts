/**
 * A registry session for one image pull (OCI distribution API): manifests and blobs, through
 * the same address policy as every input URL (the host guard checks each hop, redirects to
 * blob storage included), an anonymous bearer token fetched on the first 401, and the token
 * never sent to another origin. Every blob is hashed while it streams to disk and a digest that
 * differs from the one asked for is an error; nothing partial is left under a blob's name.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import got, { type Request } from 'got';
import { FetchRefusal } from './fetch-error';
import { DEFAULT_MAX_REDIRECTS, type FetchPolicy } from './fetch-policy';
import { createHostGuard, type HostGuard } from './host-guard';
import { parseChallenge, tokenFromResponse, tokenUrl } from './oci-registry-auth';
import { registryBaseUrl, type ImageReference } from './oci-reference';

/** Manifests and indexes are small documents; anything bigger is not one. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const DIGEST = /^sha256:[a-f0-9]{64}$/;

export class DigestMismatchError extends FetchRefusal {
  constructor(what: string, expected: string, actual: string) {
    super(`${what}: digest mismatch: expected ${expected}, received content has sha256:${actual}`);
  }
}

export interface OpenedResponse {
  stream: Request;
  response: http.IncomingMessage;
}

export class RegistryClient {
  private readonly guard: HostGuard;
  private readonly agent = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };
  private readonly base: string;
  private token: string | null = null;
  /** Bytes written for this image, against the policy's size limit. */
  private written = 0;

  constructor(
    readonly ref: ImageReference,
    private readonly policy: FetchPolicy,
    private readonly signal?: AbortSignal,
  ) {
    this.guard = createHostGuard(policy.allowedHosts);
    this.base = registryBaseUrl(ref.registry);
  }

  close(): void {
    this.agent.http.destroy();
    this.agent.https.destroy();
  }

  private request(url: string, accept: string | null, authorization: string | null): Request {
    const origin = new URL(url).origin;
    const timeout = this.policy.timeoutMs;
    return got.stream(url, {
      agent: this.agent,
      dnsLookup: this.guard.lookup,
      maxRedirects: this.policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      throwHttpErrors: false,
      retry: { limit: 0 },
      decompress: false,
      timeout: { lookup: timeout, connect: timeout, secureConnect: timeout, send: timeout, response: timeout, socket: timeout },
      headers: { 'user-agent': 'scanworks', ...(accept ? { accept } : {}), ...(authorization ? { authorization } : {}) },
      hooks: {
        beforeRequest: [(options) => this.guard.checkUrl(options.url as URL)],
        beforeRedirect: [
          (options) => {
            const next = options.url as URL;
            if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchRefusal(`redirect to unsupported URL ${next.href}`);
            // Blob storage (a CDN) gets no registry token.
            if (next.origin !== origin) options.headers['authorization'] = undefined;
            this.guard.checkUrl(next);
          },
        ],
      },
    });
  }

  /** The response to a GET, once its status is 200; a first 401 fetches a token and retries. */
  async open(path: string, accept: string | null, what: string): Promise<OpenedResponse> {
    for (let attempt = 0; ; attempt++) {
      this.signal?.throwIfAborted();
      const stream = this.request(`${this.base}${path}`, accept, this.token ? `Bearer ${this.token}` : null);
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      });
      if (response.statusCode === 200) return { stream, response };
      const body = await readLimited(stream, 64 * 1024).catch(() => Buffer.alloc(0));
      if (response.statusCode === 401 && attempt === 0) {
        const challenge = parseChallenge(String(response.headers['www-authenticate'] ?? ''));
        if (!challenge) throw new FetchRefusal(`${what}: HTTP 401 without an authentication challenge`);
        this.token = await this.fetchToken(tokenUrl(challenge, this.ref.repository));
        continue;
      }
      throw new FetchRefusal(`${what}: HTTP ${response.statusCode ?? 'error'}${registryError(body)}`);
    }
  }

  private async fetchToken(url: URL): Promise<string> {
    const stream = this.request(url.href, 'application/json', null);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    const body = await readLimited(stream, 256 * 1024);
    if (response.statusCode !== 200) throw new FetchRefusal(`token endpoint ${url.origin}: HTTP ${response.statusCode ?? 'error'}`);
    return tokenFromResponse(body);
  }

  /** A manifest or index by tag or digest: its bytes, media type and digest (verified when known). */
  async manifest(reference: string, accept: readonly string[]): Promise<{ body: Buffer; mediaType: string; digest: string }> {
    const what = `manifest ${this.ref.repository}:${reference}`;
    const { stream, response } = await this.open(`/v2/${this.ref.repository}/manifests/${reference}`, accept.join(', '), what);
    const body = await readLimited(stream, MAX_MANIFEST_BYTES);
    const actual = createHash('sha256').update(body).digest('hex');
    // By digest, the content must have it; by tag, the registry's Docker-Content-Digest must match.
    const claimed = DIGEST.test(reference) ? reference : String(response.headers['docker-content-digest'] ?? '');
    if (claimed && DIGEST.test(claimed) && claimed !== `sha256:${actual}`) throw new DigestMismatchError(what, claimed, actual);
    const mediaType = String(response.headers['content-type'] ?? '').split(';')[0].trim();
    return { body, mediaType, digest: `sha256:${actual}` };
  }

  /** Streams blob `digest` to `dest`, verifying its digest; written under a temporary name first. */
  async blob(digest: string, dest: string): Promise<number> {
    if (!DIGEST.test(digest)) throw new FetchRefusal(`unsupported blob digest ${JSON.stringify(digest)}`);
    const what = `blob ${digest}`;
    const { stream } = await this.open(`/v2/${this.ref.repository}/blobs/${digest}`, null, what);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) => {
        size += chunk.length;
        this.written += chunk.length;
        if (this.written > this.policy.maxBytes) return callback(new FetchRefusal(`image larger than the ${this.policy.maxBytes} bytes limit`));
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const part = `${dest}.part`;
    try {
      await pipeline(stream, meter, createWriteStream(part, { flags: 'wx' }), this.signal ? { signal: this.signal } : {});
      const actual = hash.digest('hex');
      if (`sha256:${actual}` !== digest) throw new DigestMismatchError(what, digest, actual);
      await rename(part, dest);
      return size;
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  /** Counts a document written to disk by the caller against the size limit. */
  account(bytes: number): void {
    this.written += bytes;
    if (this.written > this.policy.maxBytes) throw new FetchRefusal(`image larger than the ${this.policy.maxBytes} bytes limit`);
  }
}

async function readLimited(stream: Request, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > max) {
      stream.destroy();
      throw new FetchRefusal(`response larger than ${max} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The registry's own explanation (`{"errors":[{"code":"MANIFEST_UNKNOWN","message":…}]}`), if any. */
function registryError(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: { code?: string; message?: string }[] };
    const first = parsed.errors?.[0];
    return first ? ` (${[first.code, first.message].filter(Boolean).join(': ')})` : '';
  } catch {
    return '';
  }
}
