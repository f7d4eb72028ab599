/**
 * ScanCode's extract_archives without writing the archives' files: every archive X of the tree
 * (and every archive inside those, recursively) becomes an archive tree mounted on `X-extract/`,
 * the directory extractRecursively would have made. An uncompressed tar is read where it is
 * (its headers only); any other format goes through the extractor's readers into one blob file
 * per archive (BlobTreeSink). Same walk order, limits, depth and problems as extractRecursively,
 * so a codebase read through the mounts holds the same files with the same bytes; a mount on
 * disk is an empty directory, a mount inside a tree a directory node of it.
 * Why: an extracted npm tree is 16,000 files, and creating them (inodes, directories, writes)
 * cost more than everything else a package scan does with them on this project's machines.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { ArchiveTree, OpenSources, readRange, readRangeHead, type FileRange } from './archive-tree';
import { buildArchiveTree } from './archive-tree-builder';
import { ARCHIVE_HEAD_BYTES, archiveKind, readArchiveHead } from './archive-kind';
import { extractToTree } from './blob-tree-sink';
import { compressionOf } from './compression';
import { messageOf } from './extraction-errors';
import type { SharedTotal } from './extraction-budget';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits, type ExtractionProblem } from './extraction-types';
import { EXTRACT_SUFFIX, type ExtractRecursivelyOptions } from './extract-recursively';

export interface MountedArchives {
  /** Each mounted directory (absolute, as the walk names it) and its tree. */
  mounts: Map<string, ArchiveTree>;
  archives: number;
  problems: ExtractionProblem[];
}

/** An archive to mount: a file on disk, or a file of a mounted tree (its bytes a range). */
type ArchiveSource = { path: string; range?: undefined } | { path: string; range: FileRange };

class Mounter {
  readonly mounts = new Map<string, ArchiveTree>();
  readonly problems: ExtractionProblem[] = [];
  archives = 0;
  private readonly total: SharedTotal = { bytes: 0 };
  private scratchCount = 0;

  constructor(
    private readonly rootDir: string,
    private readonly scratchDir: string,
    private readonly limits: ExtractionLimits,
    private readonly opts: ExtractRecursivelyOptions,
  ) {}

  private label(abs: string): string {
    return relative(this.rootDir, abs).split(sep).join('/');
  }

  /** extractRecursively's refusals before an archive is read; true when it may be. */
  private mayMount(abs: string, depth: number): boolean {
    if (depth + 1 > this.limits.maxDepth) {
      this.problems.push({ archive: this.label(abs), reason: `nested more than ${this.limits.maxDepth} archives deep; not extracted`, severity: 'error' });
      return false;
    }
    if (this.total.bytes >= this.limits.maxTotalBytes) {
      this.problems.push({ archive: this.label(abs), reason: 'total extracted size limit reached; not extracted', severity: 'error' });
      return false;
    }
    return true;
  }

  /** A scratch directory of its own for each archive that needs files (blobs, nested archives' bytes). */
  private scratch(): string {
    const dir = join(this.scratchDir, String(++this.scratchCount));
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** The tree of one archive, or null (what stopped it is in the problems). */
  private async treeOf(source: ArchiveSource, abs: string, head: Buffer): Promise<ArchiveTree | null> {
    const label = this.label(abs);
    const common = { label, limits: this.limits, signal: this.opts.signal };
    const plainTar = archiveKind(abs, head) === 'tar' && !compressionOf(head);
    if (plainTar && source.range?.deflated === undefined) {
      const range = source.range ? { start: source.range.start, end: source.range.start + source.range.size } : undefined;
      const built = await buildArchiveTree(source.path, { ...common, range, total: this.total });
      this.problems.push(...built.problems);
      return built.tree;
    }
    const scratch = this.scratch();
    let archivePath = source.path;
    if (source.range) {
      // A nested archive's bytes become a file of its own name (the readers and the
      // decompressed name of a lone compressed file go by it).
      archivePath = join(scratch, basename(abs));
      if (source.range.deflated === undefined && source.range.crc32 === undefined && source.range.start === 0) copyFileSync(source.path, archivePath);
      else {
        try {
          writeFileSync(archivePath, readRange(source.range));
        } catch (error) {
          // A corrupt zip member (read in place, checked now): its directory stays empty.
          this.problems.push({ archive: label, reason: `not extracted: ${messageOf(error)}`, severity: 'error' });
          return null;
        }
      }
    }
    const extracted = await extractToTree({ archivePath, blobPath: join(scratch, 'blob'), ...common, total: this.total });
    this.problems.push(...extracted.problems);
    return extracted.tree;
  }

  async walkDisk(dir: string, depth: number): Promise<void> {
    const children = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const child of children) {
      this.opts.signal?.throwIfAborted();
      const path = join(dir, child.name);
      if (child.isDirectory()) await this.walkDisk(path, depth);
      if (!child.isFile()) continue;
      const head = await readArchiveHead(path);
      if (archiveKind(path, head) === null) continue;
      const target = path + EXTRACT_SUFFIX;
      // Already there (a rerun): its tree is walked as an ordinary directory.
      if (await lstat(target).then(() => true, () => false)) continue;
      if (!this.mayMount(path, depth)) continue;
      const tree = await this.treeOf({ path }, path, head);
      await mkdir(target);
      this.mounted(target, tree);
      if (tree) await this.walkTree(tree, target, '', depth + 1);
    }
  }

  async walkTree(tree: ArchiveTree, mountAbs: string, dir: string, depth: number): Promise<void> {
    for (const name of tree.list(dir)) {
      this.opts.signal?.throwIfAborted();
      const rel = dir ? `${dir}/${name}` : name;
      const node = tree.get(rel);
      if (node?.type === 'directory') await this.walkTree(tree, mountAbs, rel, depth);
      if (node?.type !== 'file') continue;
      const abs = join(mountAbs, rel);
      const range = tree.rangeOf(rel) as FileRange;
      const head = this.headOf(range);
      if (archiveKind(abs, head) === null) continue;
      const targetRel = rel + EXTRACT_SUFFIX;
      if (tree.get(targetRel)) continue;
      if (!this.mayMount(abs, depth)) continue;
      const nested = await this.treeOf({ path: range.path, range }, abs, head);
      tree.set(targetRel, { type: 'directory' });
      this.mounted(join(mountAbs, targetRel), nested);
      if (nested) await this.walkTree(nested, join(mountAbs, targetRel), '', depth + 1);
    }
  }

  /** One descriptor per source for the walk's reads. */
  private readonly sources = new OpenSources();

  /**
   * The first bytes of a tree's file, read synchronously through one descriptor per source:
   * every file of every mounted tree is looked at, and a thread-pool round trip each made the
   * walk wait far longer than it read.
   */
  private headOf(range: FileRange): Buffer {
    if (range.deflated === undefined) return this.sources.read(range.path, range.start, Math.min(ARCHIVE_HEAD_BYTES, range.size));
    try {
      return readRangeHead(range, ARCHIVE_HEAD_BYTES, this.sources.read);
    } catch {
      // A corrupt member is no archive to mount; reading it in the scans reports it.
      return Buffer.alloc(0);
    }
  }

  close(): void {
    this.sources.close();
  }

  /** An archive that could not be read leaves its directory empty, as the extractor does. */
  private mounted(target: string, tree: ArchiveTree | null): void {
    this.mounts.set(target, tree ?? new ArchiveTree(''));
    this.archives += 1;
    this.opts.onProgress?.(this.archives);
  }
}

/**
 * Mounts every archive below `rootDir` (recursively) on its `-extract` directory; blobs and
 * copies of nested archives go to `scratchDir`. See the module comment.
 */
export async function mountArchivesRecursively(rootDir: string, scratchDir: string, opts: ExtractRecursivelyOptions = {}): Promise<MountedArchives> {
  const mounter = new Mounter(rootDir, scratchDir, opts.limits ?? DEFAULT_EXTRACTION_LIMITS, opts);
  try {
    await mounter.walkDisk(rootDir, 0);
  } finally {
    mounter.close();
  }
  return { mounts: mounter.mounts, archives: mounter.archives, problems: mounter.problems };
}
