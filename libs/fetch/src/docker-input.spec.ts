import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar-stream';
import { dockerInputFilename } from './docker-input';
import { FetchError } from './fetch-error';
import type { FetchPolicy } from './fetch-policy';
import { fetchUrl } from './fetch-url';
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.testing';

const digestOf = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

/** The files of a tar archive, by name. */
async function tarFiles(path: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c) => {
      chunks.push(c as Buffer);
    });
    stream.on('end', () => {
      if (header.type === 'file') files[header.name] = Buffer.concat(chunks);
      next();
    });
  });
  const done = new Promise<void>((resolve, reject) => reader.on('finish', () => resolve()).on('error', reject));
  createReadStream(path).pipe(reader);
  await done;
  return files;
}

/** One image per platform, by tag (`amd64`, `arm64`) and in a multi-arch index (`multi`). */
function images() {
  const config = json({ architecture: 'amd64', os: 'linux', rootfs: { type: 'layers', diff_ids: [] } });
  const manifestOf = (layer: Buffer) => json({
    schemaVersion: 2, mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: digestOf(config), size: config.length },
    layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar', digest: digestOf(layer), size: layer.length }],
  });
  const layers = { amd64: Buffer.from('amd64 layer'), arm64: Buffer.from('arm64 layer') };
  const manifests = { amd64: manifestOf(layers.amd64), arm64: manifestOf(layers.arm64) };
  const index = json({
    schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: (['amd64', 'arm64'] as const).map((arch) => ({
      mediaType: 'application/vnd.oci.image.manifest.v1+json', digest: digestOf(manifests[arch]), size: manifests[arch].length, platform: { os: 'linux', architecture: arch },
    })),
  });
  return { config, layers, manifests, index };
}

describe('fetchUrl on docker:// inputs', () => {
  const img = images();
  let registry: LocalHttpServer;
  let dir: string;
  const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeoutMs: 5_000, ...overrides });
  const url = (reference: string) => `docker://127.0.0.1:${registry.port}/team/app${reference}`;

  beforeAll(async () => {
    const serve = (type: string, body: Buffer) => (_req: unknown, res: { writeHead(s: number, h: Record<string, string>): { end(b: Buffer): void } }) =>
      res.writeHead(200, { 'content-type': type, 'docker-content-digest': digestOf(body) }).end(body);
    const routes: Parameters<typeof startLocalHttpServer>[0] = {
      '/v2/team/app/manifests/amd64': serve('application/vnd.oci.image.manifest.v1+json', img.manifests.amd64),
      '/v2/team/app/manifests/multi': serve('application/vnd.oci.image.index.v1+json', img.index),
    };
    for (const manifest of Object.values(img.manifests)) routes[`/v2/team/app/manifests/${digestOf(manifest)}`] = serve('application/vnd.oci.image.manifest.v1+json', manifest);
    for (const blob of [img.config, ...Object.values(img.layers)]) routes[`/v2/team/app/blobs/${digestOf(blob)}`] = serve('application/octet-stream', blob);
    registry = await startLocalHttpServer(routes);
  });
  afterAll(() => registry.close());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docker-input-'));
    registry.received.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('names the input as ScanCode.io does: the reference as a Python-safe name, .tar', () => {
    expect(dockerInputFilename('docker://registry.com/debian:10.9')).toBe('registry_com_debian_10_9.tar');
    expect(dockerInputFilename('docker://alpine')).toBe('alpine.tar');
    expect(dockerInputFilename('docker://127.0.0.1:5000/Team/app__x:V1.2-rc')).toBe('127_0_0_1_5000_team_app_x_v1_2_rc.tar');
    expect(dockerInputFilename(`docker://ghcr.io/org/img@sha256:${'ab'.repeat(32)}`)).toBe(`ghcr_io_org_img_sha256_${'ab'.repeat(32)}.tar`);
  });

  it('pulls the image into one OCI archive in the directory, and leaves nothing else', async () => {
    const fetched = await fetchUrl(url(':amd64'), dir, policy());
    const filename = `127_0_0_1_${registry.port}_team_app_amd64.tar`;
    expect(fetched).toEqual({ filename, path: join(dir, filename), size: (await stat(join(dir, filename))).size, finalUrl: url(':amd64') });
    expect(await readdir(dir)).toEqual([filename]);
    const files = await tarFiles(fetched.path);
    const blobs = [img.manifests.amd64, img.config, img.layers.amd64].map((b) => `blobs/sha256/${digestOf(b).slice(7)}`);
    expect(Object.keys(files).sort()).toEqual(['index.json', 'oci-layout', ...blobs].sort());
    expect(JSON.parse(files['index.json'].toString()).manifests[0].digest).toBe(digestOf(img.manifests.amd64));
  });

  it('takes the platform it is given from a multi-arch index, linux/amd64 otherwise', async () => {
    const platformOf = async (options: { dockerPlatform?: string }) => {
      const fetched = await fetchUrl(url(':multi'), dir, policy(), options);
      return JSON.parse((await tarFiles(fetched.path))['index.json'].toString()).manifests[0] as { digest: string; platform: unknown };
    };
    expect(await platformOf({ dockerPlatform: 'linux/arm64' })).toMatchObject({ digest: digestOf(img.manifests.arm64), platform: { os: 'linux', architecture: 'arm64' } });
    expect(await platformOf({})).toMatchObject({ digest: digestOf(img.manifests.amd64), platform: { os: 'linux', architecture: 'amd64' } });
  });

  it('refuses a non-public registry unless FETCH_ALLOWED_HOSTS allows it, before any request', async () => {
    const failure = fetchUrl(url(':amd64'), dir, policy({ allowedHosts: [] }));
    await expect(failure).rejects.toBeInstanceOf(FetchError);
    await expect(failure).rejects.toThrow(`Could not fetch: ${url(':amd64')}: host 127.0.0.1 resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS`);
    expect(registry.received).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('counts every blob of the image against the size limit, and leaves nothing over it', async () => {
    await expect(fetchUrl(url(':amd64'), dir, policy({ maxBytes: 480 }))).rejects.toThrow(`Could not fetch: ${url(':amd64')}: image larger than the 480 bytes limit`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses references ScanCode.io refuses, and a malformed platform, before any request', async () => {
    await expect(fetchUrl(`${url(':amd64')}#from`, dir, policy())).rejects.toThrow(`Could not fetch: ${url(':amd64')}#from: Invalid Docker reference.`);
    await expect(fetchUrl(url(':amd64'), dir, policy(), { dockerPlatform: 'arm64' })).rejects.toThrow(
      `Could not fetch: ${url(':amd64')}: invalid platform "arm64": expected os/architecture[/variant], such as linux/arm64`,
    );
    expect(registry.received).toEqual([]);
  });

  it('rethrows an abort as the signal\'s reason', async () => {
    const reason = new Error('stopped');
    await expect(fetchUrl(url(':amd64'), dir, policy(), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(await readdir(dir)).toEqual([]);
  });
});
