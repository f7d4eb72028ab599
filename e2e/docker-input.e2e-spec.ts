/**
 * `docker://` input URLs through the API: a local registry (Debian's docker-registry) holds
 * ScanCode.io's alpine 3.15.4 test image pushed with skopeo; a project with its docker:// URL
 * and analyze_docker_image fetches it in the run (FETCH_ALLOWED_HOSTS lets the runner reach the
 * loopback registry) and analyzes it; a digest the registry does not have, and a manifest whose
 * content no longer has its digest, fail the run with the reason in its task_output.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { scancodeioTestdata, startLocalRegistry, type LocalRegistry } from '@sca/testing';
import { useTestStack } from './support/test-stack';

const PIPELINE = 'analyze_docker_image';
const ALPINE_IMAGE_ID = '06c7c49ea0a689415b6189e13207bbca004cc6579d0d6749d33d5d0f463936a1';
const ALPINE_PACKAGES = [
  'alpine-baselayout', 'alpine-keys', 'apk-tools', 'busybox', 'ca-certificates-bundle', 'libc-utils', 'libcrypto1.1',
  'libretls', 'libssl1.1', 'musl', 'musl-utils', 'scanelf', 'ssl_client', 'zlib',
];

const s = useTestStack({ FETCH_ALLOWED_HOSTS: '127.0.0.1', SCAN_PROCESSES: '1' });
let registry: LocalRegistry;
let manifestDigest: string;

beforeAll(async () => {
  registry = await startLocalRegistry();
  manifestDigest = await registry.push(scancodeioTestdata('docker', 'alpine_3_15_4.tar.gz'), 'test/alpine:3.15');
}, 60_000);
afterAll(async () => {
  await registry?.stop();
});

async function runOnUrl(name: string, url: string): Promise<{ uuid: string; run: any }> {
  const created = await s.api.post('/api/projects/', { name: `${name}-${Date.now()}`, input_urls: [url], pipeline: PIPELINE, execute_now: true });
  if (created.status !== 201) throw new Error(`project not created (${created.status}): ${created.text}`);
  expect(created.body.input_sources.map((i: any) => [i.download_url, i.filename])).toEqual([[url, '']]);
  return { uuid: created.body.uuid, run: await s.api.waitForRun(created.body.runs[0].url, undefined, 180_000) };
}

describe('docker:// inputs', () => {
  it('fetches the image from the registry in the run and analyzes it', async () => {
    const url = `docker://${registry.host}/test/alpine:3.15`;
    const { uuid, run } = await runOnUrl('docker-input', url);
    expect([run.status, run.task_output]).toEqual(['success', '']);
    expect(run.log).toContain(`Fetching input from ${url}`);
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    const filename = `${registry.host.replace(/[.:]/g, '_')}_test_alpine_3_15.tar`;
    expect(detail.input_sources.map((i: any) => [i.filename, i.download_url, i.exists])).toEqual([[filename, url, true]]);
    expect(detail.input_root).toEqual([filename]);
    const packages: any[] = (await s.api.get(`/api/projects/${uuid}/packages/`)).body;
    expect(packages.map((p) => p.name).sort()).toEqual(ALPINE_PACKAGES);
    expect(new Set(packages.map((p) => p.type))).toEqual(new Set(['alpine']));
    // An OCI image's layer ids are its manifest's layer digests: the gzipped layer skopeo pushed.
    const served = await fetch(`http://${registry.host}/v2/test/alpine/manifests/3.15`, { headers: { accept: 'application/vnd.docker.distribution.manifest.v2+json' } });
    const manifest = (await served.json()) as { layers: { digest: string }[] };
    const images: any[] = detail.extra_data.images;
    expect(images.map((i) => [i.image_id, i.distro?.identifier, i.layers.map((l: any) => `sha256:${l.layer_id}`)])).toEqual([
      [ALPINE_IMAGE_ID, 'alpine', manifest.layers.map((l) => l.digest)],
    ]);
  }, 240_000);

  it('fails the run with the registry\'s answer for a digest it does not have', async () => {
    const wrong = `sha256:${'0'.repeat(64)}`;
    const url = `docker://${registry.host}/test/alpine@${wrong}`;
    const { uuid, run } = await runOnUrl('docker-unknown-digest', url);
    expect(run.status).toBe('failure');
    expect(run.task_output).toContain('InputFilesError encountered with the following issues:');
    expect(run.task_output).toContain(`Error 1: Could not fetch: ${url}: manifest test/alpine:${wrong}: HTTP 404 (MANIFEST_UNKNOWN: manifest unknown)`);
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    expect([detail.package_count, detail.input_root]).toEqual([0, []]);
  }, 240_000);

  it('fails the run when the manifest served for a digest does not have that digest', async () => {
    // One digit of the stored manifest changed: still JSON of the same length, another digest.
    const stored = registry.blobPath(manifestDigest);
    const text = await readFile(stored, 'utf8');
    const at = text.indexOf('"size":') + '"size":'.length;
    await writeFile(stored, `${text.slice(0, at)}${(Number(text[at]) + 1) % 10}${text.slice(at + 1)}`);
    const url = `docker://${registry.host}/test/alpine@${manifestDigest}`;
    const { run } = await runOnUrl('docker-digest-mismatch', url);
    expect(run.status).toBe('failure');
    expect(run.task_output).toMatch(
      new RegExp(`Error 1: Could not fetch: ${url}: manifest test/alpine:${manifestDigest}: digest mismatch: expected ${manifestDigest}, received content has sha256:(?!${manifestDigest.slice(7)})[0-9a-f]{64}`),
    );
  }, 240_000);
});
