import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchDockerImage } from './oci-registry-fetch';
import type { FetchPolicy } from './fetch-policy';
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.testing';

const digestOf = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

/** A registry that wants a bearer token, serves a two-platform index and sends blobs to a CDN. */
function fakeRegistry() {
  const config = json({ architecture: 'amd64', os: 'linux', rootfs: { type: 'layers', diff_ids: [] } });
  const layer = Buffer.from('layer-bytes');
  const manifest = (c: Buffer, l: Buffer) => json({
    schemaVersion: 2, mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: digestOf(c), size: c.length },
    layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: digestOf(l), size: l.length }],
  });
  const amd = manifest(config, layer);
  const armLayer = Buffer.from('arm-layer');
  const arm = manifest(config, armLayer);
  const index = json({
    schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: [
      { mediaType: 'application/vnd.oci.image.manifest.v1+json', digest: digestOf(amd), size: amd.length, platform: { os: 'linux', architecture: 'amd64' } },
      { mediaType: 'application/vnd.oci.image.manifest.v1+json', digest: digestOf(arm), size: arm.length, platform: { os: 'linux', architecture: 'arm64', variant: 'v8' } },
    ],
  });
  return { config, layer, armLayer, amd, arm, index };
}

describe('fetchDockerImage against a registry with bearer tokens', () => {
  let registry: LocalHttpServer;
  let cdn: LocalHttpServer;
  let dir: string;
  let tamper = false;
  const img = fakeRegistry();
  const policy = (): FetchPolicy => ({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeoutMs: 5_000 });

  beforeAll(async () => {
    cdn = await startLocalHttpServer({
      '/blob': (req, res) => {
        const d = new URL(req.url ?? '', 'http://x').searchParams.get('d');
        const blob = [img.config, img.layer, img.armLayer].find((b) => digestOf(b) === d);
        res.writeHead(200).end(tamper && blob === img.layer ? Buffer.from('layer-bytez') : blob);
      },
    });
    const authorized = (req: { headers: Record<string, unknown> }) => req.headers['authorization'] === 'Bearer t0k';
    const routes: Parameters<typeof startLocalHttpServer>[0] = {
      '/token': (req, res) => {
        const q = new URL(req.url ?? '', 'http://x').searchParams;
        if (q.get('scope') !== 'repository:team/app:pull' || q.get('service') !== 'fake') return void res.writeHead(400).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: 't0k' }));
      },
    };
    const guarded = (type: string, body: Buffer) => (req: Parameters<Parameters<typeof startLocalHttpServer>[0][string]>[0], res: Parameters<Parameters<typeof startLocalHttpServer>[0][string]>[1]) => {
      if (!authorized(req as never)) {
        return void res.writeHead(401, { 'www-authenticate': `Bearer realm="${registry.url('/token')}",service="fake",scope="repository:team/app:pull"` }).end('{"errors":[{"code":"UNAUTHORIZED"}]}');
      }
      res.writeHead(200, { 'content-type': type, 'docker-content-digest': digestOf(body) }).end(body);
    };
    routes['/v2/team/app/manifests/1'] = guarded('application/vnd.oci.image.index.v1+json', img.index);
    routes[`/v2/team/app/manifests/${digestOf(img.amd)}`] = guarded('application/vnd.oci.image.manifest.v1+json', img.amd);
    routes[`/v2/team/app/manifests/${digestOf(img.arm)}`] = guarded('application/vnd.oci.image.manifest.v1+json', img.arm);
    for (const blob of [img.config, img.layer, img.armLayer]) {
      routes[`/v2/team/app/blobs/${digestOf(blob)}`] = (req, res) => {
        if (!authorized(req as never)) return void res.writeHead(401).end();
        res.writeHead(307, { location: cdn.url(`/blob?d=${digestOf(blob)}`) }).end();
      };
    }
    registry = await startLocalHttpServer(routes);
  });
  afterAll(async () => {
    await registry.close();
    await cdn.close();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oci-fetch-'));
    tamper = false;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('gets a token on the 401, resolves the index for linux/amd64 and writes a verified OCI layout', async () => {
    const fetched = await fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, policy());
    expect(fetched).toMatchObject({ path: join(dir, 'app_1'), manifestDigest: digestOf(img.amd), indexDigest: digestOf(img.index), platform: 'linux/amd64', layers: 1 });
    expect((await readdir(join(fetched.path, 'blobs', 'sha256'))).sort()).toEqual([img.amd, img.config, img.layer].map((b) => digestOf(b).slice(7)).sort());
    const index = JSON.parse(await readFile(join(fetched.path, 'index.json'), 'utf8')) as { manifests: { digest: string; annotations: Record<string, string> }[] };
    expect(index.manifests).toEqual([expect.objectContaining({ digest: digestOf(img.amd), annotations: { 'io.containerd.image.name': `127.0.0.1:${registry.port}/team/app:1`, 'org.opencontainers.image.ref.name': '1' } })]);
    // The token went to the registry only, never to the blob CDN.
    expect(cdn.received.every((h) => h.authorization === undefined)).toBe(true);
    expect(registry.received.some((h) => h.authorization === 'Bearer t0k')).toBe(true);
    expect(await readdir(dir)).toEqual(['app_1']);
  });

  it('takes another platform when asked, and says which platforms exist when none matches', async () => {
    const arm = await fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, policy(), { platform: 'linux/arm64' });
    expect(arm).toMatchObject({ manifestDigest: digestOf(img.arm), platform: 'linux/arm64/v8' });
    await expect(fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, policy(), { platform: 'windows/amd64' })).rejects.toThrow(
      /no image for platform windows\/amd64 in the index \(available: linux\/amd64, linux\/arm64\/v8\)/,
    );
  });

  it('refuses a blob whose content does not have its digest, and leaves nothing behind', async () => {
    tamper = true;
    await expect(fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, policy())).rejects.toThrow(
      new RegExp(`blob ${digestOf(img.layer)}: digest mismatch: expected ${digestOf(img.layer)}, received content has sha256:`),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('goes through the address policy: a loopback registry needs FETCH_ALLOWED_HOSTS', async () => {
    await expect(fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, { ...policy(), allowedHosts: [] })).rejects.toThrow(
      /host 127\.0\.0\.1 resolves to a non-public address \(127\.0\.0\.1\); allow it with FETCH_ALLOWED_HOSTS/,
    );
    await expect(fetchDockerImage(`docker://127.0.0.1:${registry.port}/team/app:1`, dir, { ...policy(), maxBytes: 100 })).rejects.toThrow(/larger than the 100 bytes limit/);
  });
});
