/**
 * Images in an input: a directory holding an extracted image (docker save or OCI layout), or an
 * image archive (tar, possibly gz/bz2/xz/zst compressed) extracted first with the archive
 * extractor's containment. The format is decided from the top-level names, docker first, as
 * container-inspector's `find_format` does (Docker 25+ saves carry both; manifest.json has the tags).
 */
import { closeSync, constants, openSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { archiveKind, readArchiveHead } from '../archive/archive-kind';
import { compressionOf } from '../archive/compression';
import { extractArchive } from '../archive/extract-archive';
import { ensureDirectorySync, entrySegments } from '../archive/safe-paths';
import { indexPlainTar, type TarMember } from '../archive/tar-index';
import { isTarHeader } from '../archive/tar-header';
import type { ExtractionLimits } from '../archive/extraction-types';
import { dockerImagesFromDir, type FoundImages } from './docker-archive-images';
import { messageOf } from './image-files';
import type { ImageFormat } from './image-model';
import type { EmbeddedArchives } from './layer-archive';
import { ociImagesFromDir, type OciReadOptions } from './oci-layout-images';

export type { FoundImages } from './docker-archive-images';

export async function imageFormatOf(dir: string): Promise<ImageFormat | null> {
  const names = new Set(await readdir(dir));
  if (names.has('manifest.json')) return 'docker';
  if (names.has('blobs') && names.has('index.json') && names.has('oci-layout')) return 'oci';
  return null;
}

/** The images of an extracted image directory; nothing found is a problem, not an exception. */
export async function findImages(dir: string, opts: OciReadOptions & { archiveLocation?: string | null } = {}): Promise<FoundImages> {
  const label = opts.archiveLocation ? basename(opts.archiveLocation) : basename(dir);
  try {
    const format = await imageFormatOf(dir);
    if (format === 'docker') return await dockerImagesFromDir(dir, opts.archiveLocation ?? null, opts.embedded);
    if (format === 'oci') return await ociImagesFromDir(dir, opts.archiveLocation ?? null, opts);
    return { images: [], problems: [{ path: label, message: 'not a container image: no manifest.json, nor an OCI layout (oci-layout, index.json, blobs/)', severity: 'error' }] };
  } catch (e) {
    return { images: [], problems: [{ path: label, message: messageOf(e), severity: 'error' }] };
  }
}

export interface ImageInputOptions extends Omit<OciReadOptions, 'embedded'> {
  limits?: ExtractionLimits;
  signal?: AbortSignal;
  /** Members of an uncompressed input at least this large that are archives stay in it (default 1 MiB). */
  embedMinBytes?: number;
}

/**
 * The images of one input. A directory is read in place; an archive is extracted to
 * `<workDir>/<input name>-extract/` (ScanCode.io's `tmp/<input>-extract/`) and read there.
 * Extraction problems (refused entries, bombs) come back as problems next to the images found.
 */
export async function imagesFromInput(input: string, workDir: string, opts: ImageInputOptions = {}): Promise<FoundImages & { extractedTo: string }> {
  if ((await stat(input)).isDirectory()) return { ...(await findImages(input, opts)), extractedTo: input };
  const target = join(workDir, `${basename(input)}-extract`);
  const inPlace = await archivesToLeaveInPlace(input, opts.embedMinBytes ?? DEFAULT_EMBED_MIN_BYTES);
  const extraction = await extractArchive(input, target, { limits: opts.limits, signal: opts.signal, skip: (name) => inPlace.has(name) });
  const embedded = await emptyFilesInPlaceOf(input, target, inPlace);
  const found = await findImages(target, { ...opts, archiveLocation: input, embedded });
  const extractionProblems = extraction.problems.map((p) => ({
    path: p.entry ? `${p.archive}: ${p.entry}` : p.archive,
    message: p.reason,
    severity: p.severity,
  }));
  return { images: found.images, problems: [...extractionProblems, ...found.problems], extractedTo: target };
}

const DEFAULT_EMBED_MIN_BYTES = 1024 * 1024;

/**
 * The members of an uncompressed image tarball that are archives themselves (layers) and large
 * enough to matter, by name: they are extracted straight from the input later, rather than
 * written out first (a docker save is mostly its layers, so this halves what a run writes
 * before it creates the layers' files). Nothing for a compressed input or a tar the index
 * cannot read plainly.
 */
async function archivesToLeaveInPlace(input: string, minBytes: number): Promise<Map<string, TarMember>> {
  const out = new Map<string, TarMember>();
  const head = await readArchiveHead(input);
  if (archiveKind(input, head) !== 'tar' || compressionOf(head)) return out;
  const members = await indexPlainTar(input);
  for (const m of members ?? []) {
    if ((m.type !== '0' && m.type !== '\0') || m.size < minBytes || 'refused' in entrySegments(m.name)) continue;
    const memberHead = await readArchiveHead(input, m.dataStart, m.dataStart + m.size);
    if (isTarHeader(memberHead) || compressionOf(memberHead)) out.set(m.name, m);
  }
  // A name given twice is extracted as usual (the last one wins there).
  for (const m of members ?? []) if (out.has(m.name) && out.get(m.name) !== m) out.delete(m.name);
  return out;
}

/**
 * An empty file where each member left in the input would have been extracted, so the image
 * readers resolve its name as for any other (made without following links, like the
 * extractor's own files), and the map from its real path to the bytes in the input.
 */
async function emptyFilesInPlaceOf(input: string, target: string, inPlace: Map<string, TarMember>): Promise<EmbeddedArchives> {
  const embedded = new Map<string, { path: string; start: number; end: number }>();
  if (inPlace.size === 0) return embedded;
  const root = await realpath(target);
  const known = new Map<string, string>();
  for (const [name, m] of inPlace) {
    const parsed = entrySegments(name);
    if ('refused' in parsed) continue;
    try {
      const parent = ensureDirectorySync(root, parsed.segments.slice(0, -1), known);
      const path = join(parent, parsed.segments[parsed.segments.length - 1]);
      closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644));
      embedded.set(path, { path: input, start: m.dataStart, end: m.dataStart + m.size });
    } catch {
      // A path the extractor refused or that exists already: the image readers report it.
    }
  }
  return embedded;
}
