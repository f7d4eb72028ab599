/**
 * The Debian test image builder (e2e/support/debian-image.ts): the archive it writes is one that
 * skopeo reads as a two-layer linux/amd64 image, its layers hold what its description says, and
 * the description's references are dpkg-query's and npm's. Needs root, debootstrap and skopeo
 * (scripts/test-tools.sh) and network on the first build.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DebianTestImage, debianTestImage, hidingWhiteout, layerEntries } from './support/debian-image';

const BUILD_TIMEOUT_MS = 20 * 60_000;

/** Entry names of one layer of the archive, without a trailing slash. */
function archivedLayerEntries(tarball: string, layerPath: string): string[] {
  const out = execFileSync('sh', ['-c', 'tar -xOf "$1" "$2" | tar -t', 'sh', tarball, layerPath], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return out.split('\n').filter(Boolean).map((p) => p.replace(/\/$/, ''));
}

describe('debianTestImage', () => {
  let image: DebianTestImage;
  let lower: Set<string>;
  let upper: Set<string>;

  beforeAll(() => {
    image = debianTestImage();
    lower = new Set(archivedLayerEntries(image.tarball, image.layers[0].archivePath));
    upper = new Set(archivedLayerEntries(image.tarball, image.layers[1].archivePath));
  }, BUILD_TIMEOUT_MS);

  it('is a docker-archive that skopeo reads: two layers, linux/amd64, the config we describe', () => {
    const inspected = JSON.parse(execFileSync('skopeo', ['inspect', `docker-archive:${image.tarball}`], { encoding: 'utf8' })) as { Layers: string[]; Os: string; Architecture: string; Digest: string };
    expect(inspected.Os).toBe('linux');
    expect(inspected.Architecture).toBe('amd64');
    expect(inspected.Layers).toEqual(image.layers.map((l) => l.diffId));
    const config = JSON.parse(execFileSync('skopeo', ['inspect', '--config', `docker-archive:${image.tarball}`], { encoding: 'utf8' })) as { history: { created_by?: string; empty_layer?: boolean }[]; rootfs: { type: string } };
    expect(config.rootfs.type).toBe('layers');
    expect(config.history.map((h) => h.created_by)).toEqual(image.layers.map((l) => l.createdBy));
    expect(config.history.some((h) => h.empty_layer)).toBe(false);
  });

  it('layer 1 is the Debian root whose dpkg database dpkg-query read', () => {
    expect(image.debPackages.length).toBeGreaterThan(50);
    expect(image.debPackages.every((p) => p.status === 'ii')).toBe(true);
    expect(image.debPackages.map((p) => p.name)).toEqual(expect.arrayContaining(['base-files', 'bash', 'dpkg', 'apt', 'libc6']));
    expect(readFileSync(image.dpkgList, 'utf8').trimEnd().split('\n')).toEqual(image.debPackages.map((p) => `${p.name} ${p.version}`));
    expect(lower.has('var/lib/dpkg/status')).toBe(true);
    expect(lower.has('etc/os-release')).toBe(true);
    expect([...lower].some((p) => p.startsWith('dev/') || p.startsWith('./'))).toBe(false);
    expect(lower.size).toBe(image.layers[0].files + image.layers[0].directories + image.layers[0].symlinks);
  });

  it('describes every entry of each layer as the archive holds it', () => {
    const [described1, described2] = layerEntries(image);
    expect(described1.map((e) => e.path).sort()).toEqual([...lower].sort());
    expect(described2.map((e) => e.path).sort()).toEqual([...upper].sort());
    expect(described1.find((e) => e.path === 'bin')?.type).toBe('symlink');
  });

  it('layer 2 holds the npm application its lockfile describes', () => {
    expect(image.app.name).toBe('debian-image-app');
    const express = image.npmPackages.find((p) => p.name === 'express');
    expect(express).toMatchObject({ version: '4.21.2', path: 'app/node_modules/express' });
    expect(image.npmPackages.length).toBeGreaterThan(50);
    for (const p of image.npmPackages) expect(upper.has(`${p.path}/package.json`)).toBe(true);
    expect(upper.has('app/package-lock.json')).toBe(true);
  });

  it('layer 2 whites out layer-1 paths: a file, a directory and an opaque directory filled again', () => {
    const byMarker = Object.fromEntries(image.whiteouts.map((w) => [w.marker, w]));
    expect(Object.keys(byMarker).sort()).toEqual(['etc/.wh.motd', 'etc/apt/apt.conf.d/.wh..wh..opq', 'usr/share/doc/.wh.apt']);
    for (const w of image.whiteouts) {
      expect(upper.has(w.marker)).toBe(true);
      expect(w.hidden.length).toBeGreaterThan(0);
      for (const p of w.hidden) expect(lower.has(p)).toBe(true);
    }
    expect(byMarker['etc/.wh.motd']).toMatchObject({ path: 'etc/motd', opaque: false, hidden: ['etc/motd'] });
    expect(byMarker['usr/share/doc/.wh.apt'].hidden).toEqual(expect.arrayContaining(['usr/share/doc/apt', 'usr/share/doc/apt/copyright']));
    expect(byMarker['etc/apt/apt.conf.d/.wh..wh..opq']).toMatchObject({ path: 'etc/apt/apt.conf.d', opaque: true, kept: ['etc/apt/apt.conf.d/99app'] });
    expect(hidingWhiteout(image, '/usr/share/doc/apt/copyright')?.marker).toBe('usr/share/doc/.wh.apt');
    expect(hidingWhiteout(image, 'etc/apt/apt.conf.d/99app')).toBeNull();
    expect(hidingWhiteout(image, 'etc/apt/apt.conf.d')).toBeNull();
    expect(hidingWhiteout(image, 'usr/share/doc/apt-utils')).toBeNull();
  });

  it('is reused from the cache: a second call builds nothing and describes the same archive', () => {
    const t0 = Date.now();
    expect(debianTestImage()).toEqual(image);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
