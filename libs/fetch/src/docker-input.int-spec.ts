/**
 * fetchUrl on `docker://` URLs against a real registry (Debian's docker-registry, see
 * @sca/testing's startLocalRegistry): ScanCode.io's alpine 3.15.4 test image pushed with skopeo
 * comes back as one OCI archive that the scanner's image reader takes; the address policy and
 * the size limit hold; an unknown digest and a manifest whose content no longer has its digest
 * are FetchErrors, and no failure leaves a file behind.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imagesFromInput } from '@sca/scanner';
import { scancodeioTestdata, startLocalRegistry, type LocalRegistry } from '@sca/testing';
import { FetchError } from './fetch-error';
import type { FetchPolicy } from './fetch-policy';
import { fetchUrl } from './fetch-url';

jest.setTimeout(60_000);

const ALPINE = scancodeioTestdata('docker', 'alpine_3_15_4.tar.gz');
const ALPINE_CONFIG = '06c7c49ea0a689415b6189e13207bbca004cc6579d0d6749d33d5d0f463936a1';

describe('fetchUrl on docker:// inputs, against docker-registry', () => {
  let registry: LocalRegistry;
  let work: string;
  let dir: string;
  let manifestDigest: string;
  const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({ allowedHosts: ['127.0.0.1'], maxBytes: 50_000_000, timeoutMs: 10_000, ...overrides });
  const safeHost = () => registry.host.replace(/[.:]/g, '_');

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'docker-input-'));
    registry = await startLocalRegistry();
    manifestDigest = await registry.push(ALPINE, 'test/alpine:3.15');
  });
  afterAll(async () => {
    await registry?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(work, 'input-'));
  });

  it('fetches by tag into one OCI archive, named as ScanCode.io names docker inputs, that the image reader takes', async () => {
    const url = `docker://${registry.host}/test/alpine:3.15`;
    const fetched = await fetchUrl(url, dir, policy());
    const filename = `${safeHost()}_test_alpine_3_15.tar`;
    expect(fetched).toEqual({ filename, path: join(dir, filename), size: (await stat(join(dir, filename))).size, finalUrl: url });
    expect(await readdir(dir)).toEqual([filename]);
    const { images, problems } = await imagesFromInput(fetched.path, join(work, 'read-tag'));
    expect(problems).toEqual([]);
    expect(images.map((i) => [i.image_id, i.image_format, i.tags, i.layers.length])).toEqual([[ALPINE_CONFIG, 'oci', [`${registry.host}/test/alpine:3.15`], 1]]);
  });

  it('fetches by digest', async () => {
    const url = `docker://${registry.host}/test/alpine@${manifestDigest}`;
    const fetched = await fetchUrl(url, dir, policy());
    expect(fetched.filename).toBe(`${safeHost()}_test_alpine_sha256_${manifestDigest.slice(7)}.tar`);
    const { images } = await imagesFromInput(fetched.path, join(work, 'read-digest'));
    expect(images.map((i) => i.image_id)).toEqual([ALPINE_CONFIG]);
  });

  it('goes through the address policy and the size limit', async () => {
    const url = `docker://${registry.host}/test/alpine:3.15`;
    await expect(fetchUrl(url, dir, policy({ allowedHosts: [] }))).rejects.toThrow(
      `Could not fetch: ${url}: host 127.0.0.1 resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS`,
    );
    await expect(fetchUrl(url, dir, policy({ maxBytes: 10_000 }))).rejects.toThrow(`Could not fetch: ${url}: image larger than the 10000 bytes limit`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('makes an unknown digest a FetchError with the registry\'s answer', async () => {
    const url = `docker://${registry.host}/test/alpine@sha256:${'0'.repeat(64)}`;
    const failure = fetchUrl(url, dir, policy());
    await expect(failure).rejects.toBeInstanceOf(FetchError);
    await expect(failure).rejects.toThrow(`Could not fetch: ${url}: manifest test/alpine:sha256:${'0'.repeat(64)}: HTTP 404 (MANIFEST_UNKNOWN: manifest unknown)`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a manifest whose content no longer has its digest, by tag and by digest', async () => {
    // One digit of the stored manifest changed: still JSON of the same length, another digest.
    const stored = registry.blobPath(manifestDigest);
    const text = await readFile(stored, 'utf8');
    const at = text.indexOf('"size":') + '"size":'.length;
    await writeFile(stored, `${text.slice(0, at)}${(Number(text[at]) + 1) % 10}${text.slice(at + 1)}`);
    const mismatch = (reference: string) => new RegExp(`manifest test/alpine:${reference}: digest mismatch: expected ${manifestDigest}, received content has sha256:(?!${manifestDigest.slice(7)})`);
    for (const [url, reference] of [[`docker://${registry.host}/test/alpine:3.15`, '3.15'], [`docker://${registry.host}/test/alpine@${manifestDigest}`, manifestDigest]]) {
      const failure = fetchUrl(url, dir, policy());
      await expect(failure).rejects.toBeInstanceOf(FetchError);
      await expect(failure).rejects.toThrow(mismatch(reference));
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
