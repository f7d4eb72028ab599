/**
 * A real registry for the docker:// tests: Debian's docker-registry (the CNCF distribution
 * server) on a free loopback port with its storage in a scratch directory, images pushed to it
 * with skopeo from `docker save` archives, multi-arch indexes put over its API. docker-registry
 * and skopeo are installed by scripts/test-tools.sh.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { freePort } from '../free-port';

const run = promisify(execFile);
const MANIFEST_LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';
const MANIFEST_TYPES = ['application/vnd.oci.image.manifest.v1+json', 'application/vnd.docker.distribution.manifest.v2+json'];

export interface LocalRegistry {
  /** `127.0.0.1:<port>`, as it goes in a `docker://` URL. */
  host: string;
  /** Pushes the image of a `docker save` archive (plain or .gz) as `repository:tag`; returns its manifest digest. */
  push(archive: string, image: string): Promise<string>;
  /** Puts a Docker manifest list at `repository:tag` over images already pushed to the same repository; returns its digest. */
  pushIndex(image: string, entries: { reference: string; platform: string }[]): Promise<string>;
  /** Where the registry stores a blob or manifest (content-addressed), to tamper with it. */
  blobPath(digest: string): string;
  stop(): Promise<void>;
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  await requireTools(['docker-registry', 'skopeo']);
  const work = await mkdtemp(join(tmpdir(), 'local-registry-'));
  const storage = join(work, 'storage');
  const host = `127.0.0.1:${await freePort()}`;
  const config = ['version: 0.1', 'log:', '  level: error', 'storage:', '  filesystem:', `    rootdirectory: ${storage}`, 'http:', `  addr: ${host}`, ''];
  await writeFile(join(work, 'config.yml'), config.join('\n'));
  const server: ChildProcess = spawn('docker-registry', ['serve', join(work, 'config.yml')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill();
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  };
  try {
    await waitForRegistry(`http://${host}/v2/`);
  } catch (error) {
    await stop();
    throw error;
  }
  const base = `http://${host}/v2`;
  const splitImage = (image: string) => {
    const colon = image.lastIndexOf(':');
    return { repository: image.slice(0, colon), reference: image.slice(colon + 1) };
  };

  return {
    host,
    async push(archive, image) {
      const source = archive.endsWith('.gz') ? await gunzip(archive, join(work, `${randomUUID()}-${basename(archive, '.gz')}`)) : archive;
      const digestFile = join(work, 'pushed.digest');
      await run('skopeo', ['copy', '--insecure-policy', '--dest-tls-verify=false', '--digestfile', digestFile, `docker-archive:${source}`, `docker://${host}/${image}`]);
      return (await readFile(digestFile, 'utf8')).trim();
    },
    async pushIndex(image, entries) {
      const { repository, reference } = splitImage(image);
      const manifests = [];
      for (const entry of entries) {
        const response = await fetch(`${base}/${repository}/manifests/${entry.reference}`, { headers: { accept: MANIFEST_TYPES.join(', ') } });
        if (!response.ok) throw new Error(`manifest ${repository}:${entry.reference}: HTTP ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        const [os, architecture, variant] = entry.platform.split('/');
        const mediaType = (response.headers.get('content-type') ?? '').split(';')[0];
        manifests.push({ mediaType, size: body.length, digest: `sha256:${sha256(body)}`, platform: { os, architecture, ...(variant ? { variant } : {}) } });
      }
      const index = Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: MANIFEST_LIST, manifests }));
      const put = await fetch(`${base}/${repository}/manifests/${reference}`, { method: 'PUT', headers: { 'content-type': MANIFEST_LIST }, body: index });
      if (put.status !== 201) throw new Error(`index ${image}: HTTP ${put.status} ${await put.text()}`);
      return `sha256:${sha256(index)}`;
    },
    blobPath(digest) {
      const hex = digest.replace(/^sha256:/, '');
      return join(storage, 'docker', 'registry', 'v2', 'blobs', 'sha256', hex.slice(0, 2), hex, 'data');
    },
    stop,
  };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function requireTools(tools: string[]): Promise<void> {
  for (const tool of tools) {
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => {
      throw new Error(`${tool} is not installed: scripts/test-tools.sh installs it (apt-get install docker-registry skopeo)`);
    });
  }
}

async function waitForRegistry(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`registry did not answer at ${url}`);
}

/** skopeo reads `docker save` archives uncompressed only. */
async function gunzip(archive: string, dest: string): Promise<string> {
  await pipeline(createReadStream(archive), createGunzip(), createWriteStream(dest));
  return dest;
}
