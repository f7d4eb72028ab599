/**
 * Images in an input: a directory holding an extracted image (docker save or OCI layout), or an
 * image archive (tar, possibly gz/bz2/xz/zst compressed) extracted first with the archive
 * extractor's containment. The format is decided from the top-level names, docker first, as
 * container-inspector's `find_format` does (Docker 25+ saves carry both; manifest.json has the tags).
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { extractArchive } from '../archive/extract-archive';
import type { ExtractionLimits } from '../archive/extraction-types';
import { dockerImagesFromDir, type FoundImages } from './docker-archive-images';
import { messageOf } from './image-files';
import type { ImageFormat } from './image-model';
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
    if (format === 'docker') return await dockerImagesFromDir(dir, opts.archiveLocation ?? null);
    if (format === 'oci') return await ociImagesFromDir(dir, opts.archiveLocation ?? null, opts);
    return { images: [], problems: [{ path: label, message: 'not a container image: no manifest.json, nor an OCI layout (oci-layout, index.json, blobs/)', severity: 'error' }] };
  } catch (e) {
    return { images: [], problems: [{ path: label, message: messageOf(e), severity: 'error' }] };
  }
}

export interface ImageInputOptions extends OciReadOptions {
  limits?: ExtractionLimits;
  signal?: AbortSignal;
}

/**
 * The images of one input. A directory is read in place; an archive is extracted to
 * `<workDir>/<input name>-extract/` (ScanCode.io's `tmp/<input>-extract/`) and read there.
 * Extraction problems (refused entries, bombs) come back as problems next to the images found.
 */
export async function imagesFromInput(input: string, workDir: string, opts: ImageInputOptions = {}): Promise<FoundImages & { extractedTo: string }> {
  if ((await stat(input)).isDirectory()) return { ...(await findImages(input, opts)), extractedTo: input };
  const target = join(workDir, `${basename(input)}-extract`);
  const extraction = await extractArchive(input, target, { limits: opts.limits, signal: opts.signal });
  const found = await findImages(target, { ...opts, archiveLocation: input });
  const extractionProblems = extraction.problems.map((p) => ({
    path: p.entry ? `${p.archive}: ${p.entry}` : p.archive,
    message: p.reason,
    severity: p.severity,
  }));
  return { images: found.images, problems: [...extractionProblems, ...found.problems], extractedTo: target };
}
