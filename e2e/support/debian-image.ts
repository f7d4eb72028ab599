/**
 * A real two-layer container image for tests and benchmarks, built without a Docker daemon and
 * kept under the machine's temp directory (keyed by DEBIAN_TEST_IMAGE_VERSION):
 * - layer 1: a Debian root from `debootstrap --variant=minbase bookworm`, trimmed as an image
 *   build trims it; what `dpkg-query -W` lists there is the reference of its system packages;
 * - layer 2: an npm application under /app installed from the registry (scripts off), plus
 *   whiteouts of layer-1 paths: a `.wh.` file, a `.wh.` directory and an opaque directory
 *   (`.wh..wh..opq`) that the layer fills again.
 * Saved as `docker save` writes it (manifest.json, `<sha256>.json`, `<id>/layer.tar`). Needs
 * root, debootstrap (scripts/test-tools.sh), tar and npm, and network for the Debian archive
 * and the npm registry on the first build.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEBIAN_MIRROR, DEBIAN_SUITE, DebPackage, debootstrapMinbase, dpkgQuery, removeRoot, trimRootForImage } from './debian-root';
import { writeDockerSave } from './docker-save';
import { listTree, TreeEntry, writeLayerTar } from './layer-tar';

export type { TreeEntry } from './layer-tar';
import { npmRegistryTree } from './registry-tree';

export type { DebPackage } from './debian-root';

/** Bump when what the builder makes changes: a new version is built beside the old ones. */
export const DEBIAN_TEST_IMAGE_VERSION = 1;
export const DEBIAN_TEST_IMAGE_TAG = `scanworks-test/debian-npm:${DEBIAN_TEST_IMAGE_VERSION}`;
/** The application of layer 2: pinned top-level packages, their dependencies as npm resolves them. */
export const APP_NAME = 'debian-image-app';
export const APP_NPM_PACKAGES = ['express@4.21.2', 'lodash@4.17.21', 'semver@7.6.3', 'uuid@9.0.1'];

/** Layer-2 markers; an opaque directory gets the files listed with it. */
const WHITEOUTS: { marker: string; add?: Record<string, string> }[] = [
  { marker: 'etc/.wh.motd' },
  { marker: 'usr/share/doc/.wh.apt' },
  { marker: 'etc/apt/apt.conf.d/.wh..wh..opq', add: { 'etc/apt/apt.conf.d/99app': 'APT::Install-Recommends "false";\n' } },
];

export interface NpmPackage {
  name: string;
  version: string;
  /** Its directory in the image (`app/node_modules/...`). */
  path: string;
}

export interface Whiteout {
  /** The marker file in layer 2. */
  marker: string;
  /** The path it removes (`.wh.<name>`) or the directory it makes opaque (`.wh..wh..opq`); relative, no leading `/`. */
  path: string;
  opaque: boolean;
  /** Layer-1 paths a container no longer sees. */
  hidden: string[];
  /** Layer-2 paths under an opaque directory: the only content it keeps. */
  kept: string[];
}

export interface LayerCounts {
  files: number;
  directories: number;
  symlinks: number;
}

export interface DebianTestImage {
  version: number;
  repoTag: string;
  /** The `docker save` archive. */
  tarball: string;
  /** `dpkg-query -W -f '${Package} ${Version}\n'` of layer 1, beside the tarball. */
  dpkgList: string;
  /** Every entry of each layer (JSON, TreeEntry[][]), beside the tarball: read with layerEntries(). */
  entriesFile: string;
  /** Hex SHA-256 of the image config. */
  imageId: string;
  layers: (LayerCounts & { diffId: string; archivePath: string; createdBy: string })[];
  debPackages: DebPackage[];
  /** The application's own package.json (`app/package.json`). */
  app: { name: string; version: string };
  /** Every package npm installed under app/node_modules, from its lockfile. */
  npmPackages: NpmPackage[];
  whiteouts: Whiteout[];
  /** Files and symlinks a container of the image sees (hidden paths and markers left out). */
  visible: { files: number; symlinks: number };
}

/** The image, built on first use and reused afterwards (the build takes a minute or two). */
export function debianTestImage(): DebianTestImage {
  const dir = join(tmpdir(), `scanworks-debian-image-v${DEBIAN_TEST_IMAGE_VERSION}`);
  const described = join(dir, 'image.json');
  if (existsSync(described)) return JSON.parse(readFileSync(described, 'utf8')) as DebianTestImage;
  mkdirSync(dir, { recursive: true });
  const staging = mkdtempSync(join(dir, '.staging-'));
  try {
    const image = buildImage(staging, dir);
    // Written last: an interrupted build is never taken for a finished one.
    writeFileSync(described, JSON.stringify(image, null, 2));
    return image;
  } finally {
    const root = join(staging, 'rootfs');
    if (existsSync(root)) removeRoot(root);
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Every entry of each layer, bottom first, as the layer archives hold them (markers included). */
export function layerEntries(image: Pick<DebianTestImage, 'entriesFile'>): TreeEntry[][] {
  return JSON.parse(readFileSync(image.entriesFile, 'utf8')) as TreeEntry[][];
}

/** The whiteout (if any) that hides `path` (relative, as a layer names it) from a container. */
export function hidingWhiteout(image: Pick<DebianTestImage, 'whiteouts'>, path: string): Whiteout | null {
  const p = path.replace(/^\/+/, '').replace(/\/+$/, '');
  for (const w of image.whiteouts) {
    if (w.opaque ? p.startsWith(`${w.path}/`) && !w.kept.includes(p) : p === w.path || p.startsWith(`${w.path}/`)) return w;
  }
  return null;
}

function counts(entries: TreeEntry[]): LayerCounts {
  const n = (t: TreeEntry['type']) => entries.filter((e) => e.type === t).length;
  return { files: n('file'), directories: n('directory'), symlinks: n('symlink') };
}

function lockfilePackages(appDir: string): NpmPackage[] {
  const lock = JSON.parse(readFileSync(join(appDir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { name?: string; version?: string; link?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.link && entry.version)
    .map(([key, entry]) => ({ name: entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version as string, path: `app/${key}` }));
}

/** Layer 2 on disk: the application and the whiteout markers (with what an opaque directory gets back). */
function buildAppLayer(layerDir: string): { app: { name: string; version: string }; npmPackages: NpmPackage[] } {
  const tree = npmRegistryTree(APP_NAME, APP_NPM_PACKAGES);
  const appDir = join(layerDir, 'app');
  cpSync(tree, appDir, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  writeFileSync(join(appDir, 'server.js'), "const express = require('express');\n\nexpress().get('/', (_req, res) => res.send('ok')).listen(8080);\n");
  for (const w of WHITEOUTS) {
    mkdirSync(join(layerDir, dirname(w.marker)), { recursive: true });
    writeFileSync(join(layerDir, w.marker), '');
    for (const [path, text] of Object.entries(w.add ?? {})) writeFileSync(join(layerDir, path), text);
  }
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { name: string; version: string };
  return { app: { name: manifest.name, version: manifest.version }, npmPackages: lockfilePackages(appDir) };
}

/** What each marker hides of layer 1; throws when a marker would hide nothing (the test would prove nothing). */
function whiteoutsOf(lower: TreeEntry[], upper: TreeEntry[]): Whiteout[] {
  return WHITEOUTS.map(({ marker }) => {
    const parent = dirname(marker);
    const name = marker.slice(parent.length + 1);
    const opaque = name === '.wh..wh..opq';
    const path = opaque ? parent : `${parent}/${name.slice('.wh.'.length)}`;
    const under = (e: TreeEntry) => e.path.startsWith(`${path}/`);
    const hidden = lower.filter((e) => under(e) || (!opaque && e.path === path)).map((e) => e.path);
    if (hidden.length === 0) throw new Error(`whiteout ${marker}: layer 1 has nothing at ${path}`);
    const kept = opaque ? upper.filter((e) => under(e) && e.path !== marker).map((e) => e.path) : [];
    return { marker, path, opaque, hidden, kept };
  });
}

function buildImage(staging: string, dir: string): DebianTestImage {
  const root = join(staging, 'rootfs');
  debootstrapMinbase(root);
  const debPackages = dpkgQuery(root);
  trimRootForImage(root);
  const lower = listTree(root);
  const layer1 = join(staging, 'layer1.tar');
  writeLayerTar(root, layer1);
  removeRoot(root);

  const layerDir = join(staging, 'layer2');
  const { app, npmPackages } = buildAppLayer(layerDir);
  const upper = listTree(layerDir);
  const layer2 = join(staging, 'layer2.tar');
  writeLayerTar(layerDir, layer2, { rootOwned: true });
  const whiteouts = whiteoutsOf(lower, upper);

  const createdBy = [
    `debootstrap --variant=minbase ${DEBIAN_SUITE} / ${DEBIAN_MIRROR}`,
    `COPY app /app # npm install --ignore-scripts ${APP_NPM_PACKAGES.join(' ')}; ${WHITEOUTS.map((w) => w.marker).join(', ')}`,
  ];
  const archiveDir = join(staging, 'archive');
  mkdirSync(archiveDir);
  const tarball = join(staging, 'image.tar');
  const saved = writeDockerSave({
    repoTag: DEBIAN_TEST_IMAGE_TAG,
    layers: [{ tar: layer1, createdBy: createdBy[0] }, { tar: layer2, createdBy: createdBy[1] }],
    config: { Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'], WorkingDir: '/app', Cmd: ['node', 'server.js'] },
  }, archiveDir, tarball);

  const hidden = new Set(whiteouts.flatMap((w) => w.hidden));
  const isMarker = (e: TreeEntry) => e.path.split('/').pop()?.startsWith('.wh.') ?? false;
  const seen = [...lower.filter((e) => !hidden.has(e.path)), ...upper.filter((e) => !isMarker(e))];
  const final = { tarball: join(dir, 'debian-npm.tar'), dpkgList: join(dir, 'dpkg-query.txt'), entriesFile: join(dir, 'layer-entries.json') };
  writeFileSync(final.dpkgList, debPackages.map((p) => `${p.name} ${p.version}\n`).join(''));
  writeFileSync(final.entriesFile, JSON.stringify([lower, upper]));
  renameSync(tarball, final.tarball);
  return {
    version: DEBIAN_TEST_IMAGE_VERSION,
    repoTag: DEBIAN_TEST_IMAGE_TAG,
    ...final,
    imageId: saved.imageId,
    layers: [lower, upper].map((entries, i) => ({ ...counts(entries), diffId: saved.diffIds[i], archivePath: saved.layerPaths[i], createdBy: createdBy[i] })),
    debPackages,
    app,
    npmPackages,
    whiteouts,
    visible: { files: seen.filter((e) => e.type === 'file').length, symlinks: seen.filter((e) => e.type === 'symlink').length },
  };
}
