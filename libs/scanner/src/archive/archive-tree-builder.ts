/**
 * Builds an ArchiveTree from a tar's headers with the extractor's containment, message for
 * message (see EntryWriter, whose rules these mirror on the in-memory tree): refused names,
 * parents that are files or links leading out, a directory in the way, duplicates (the last one
 * kept), absolute links read against the root, hard links to what was extracted, devices
 * skipped, the entry and byte limits, and every link checked again once the archive is done.
 * One difference: a link is judged against the tree alone, never against the name of the
 * directory the tree would have been extracted to.
 */
import { setImmediate } from 'node:timers/promises';
import { statSync } from 'node:fs';
import { ArchiveTree, lexicallyInside, OUTSIDE, parentOf, rootRelativeTarget, treePathOf, type ArchiveTreeFile } from './archive-tree';
import { ExtractionBudget, type SharedTotal } from './extraction-budget';
import { CorruptArchiveError, LimitExceededError, messageOf } from './extraction-errors';
import { DEFAULT_EXTRACTION_LIMITS, type AbsoluteSymlinks, type ByteRange, type ExtractionLimits, type ExtractionProblem } from './extraction-types';
import { PathRefusal } from './safe-paths';
import { tarHeaders, TruncatedEntryError, type TarHeaderEntry } from './tar-headers';

export class ArchiveTreeBuilder {
  files = 0;
  readonly problems: ExtractionProblem[] = [];
  private readonly links: string[] = [];
  private readonly knownDirs = new Map<string, string>();

  constructor(
    readonly tree: ArchiveTree,
    private readonly archive: string,
    private readonly budget: ExtractionBudget,
    private readonly absoluteSymlinks: AbsoluteSymlinks = 'refuse',
  ) {}

  entry(header: TarHeaderEntry): void {
    const { name, type, linkname } = header;
    switch (type) {
      case 'file':
      case 'contiguous-file':
        return this.file(name, header.dataStart, header.size);
      case 'directory':
        return this.directory(name);
      case 'symlink':
        return this.symlink(name, linkname ?? '');
      case 'link':
        return this.hardlink(name, linkname ?? '');
      case 'character-device':
      case 'block-device':
      case 'fifo':
        return this.skip(name, `${type} not extracted`);
      case null:
        return this.skip(name, `unsupported tar entry type ${String(type)}; skipped`);
    }
  }

  file(name: string, offset: number, size: number): void {
    const path = this.beginFile(name);
    if (path === null) return;
    this.budget.addBytes(size);
    this.addFile(path, { type: 'file', offset, size });
  }

  /** A file entry counted and its place made (an older entry of that name removed): its tree path, or null when refused. */
  beginFile(name: string): string | null {
    this.budget.addEntry();
    return this.prepare(name, true);
  }

  /** A file whose bytes are where `node` says, at the path `beginFile` gave. */
  addFile(path: string, node: ArchiveTreeFile): void {
    this.tree.set(path, node);
    this.files += 1;
  }

  directory(name: string): void {
    this.budget.addEntry();
    // `./` (tar's entry for the archive root, first in every image layer) is the root itself.
    if (/^[./]+$/.test(name) && !name.includes('..')) return;
    const parsed = treePathOf(name);
    if ('refused' in parsed) return this.problem(parsed.refused, name);
    try {
      this.ensureDirectory(parsed.segments, true);
    } catch (error) {
      this.refuse(name, error);
    }
  }

  symlink(name: string, target: string): void {
    this.budget.addEntry();
    if (!target || target.includes('\0')) return this.problem('symlink without a usable target', name);
    const absolute = target.startsWith('/');
    if (absolute && this.absoluteSymlinks === 'refuse') return this.problem(`symlink to absolute path "${target}" refused`, name);
    const path = this.prepare(name, false);
    if (path === null) return;
    const parent = parentOf(path);
    if (absolute) target = rootRelativeTarget(parent, target);
    if (!lexicallyInside(parent, target)) return this.problem(`symlink to "${target}" points outside the target; refused`, name);
    this.tree.set(path, { type: 'symlink', target });
    this.links.push(path);
  }

  hardlink(name: string, target: string): void {
    this.budget.addEntry();
    const parsed = treePathOf(target);
    if ('refused' in parsed) return this.problem(`hard link target "${target}": ${parsed.refused}`, name);
    const realParent = this.tree.realPath(parsed.segments.slice(0, -1).join('/'));
    const last = parsed.segments[parsed.segments.length - 1];
    const source = typeof realParent === 'string' ? (realParent ? `${realParent}/${last}` : last) : null;
    const node = source === null ? undefined : this.tree.get(source);
    if (!node || node.type === 'directory') return this.problem(`hard link target "${target}" was not extracted; link skipped`, name, 'warning');
    const path = this.prepare(name, false);
    if (path === null) return;
    if (this.tree.get(source as string) !== node) return this.problem('cannot write entry: the hard link target was replaced by this entry', name);
    this.tree.set(path, { ...node });
    if (node.type === 'symlink') this.links.push(path);
    else this.files += 1;
  }

  skip(name: string, reason: string): void {
    this.budget.addEntry();
    this.problem(reason, name, 'warning');
  }

  problem(reason: string, entry?: string, severity: 'warning' | 'error' = 'error'): void {
    this.problems.push({ archive: this.archive, ...(entry === undefined ? {} : { entry }), reason, severity });
  }

  /** Links that resolve outside once every entry is in (`a -> .` then `b -> a/..`) are removed. */
  auditLinks(): void {
    for (const path of this.links) {
      if (this.tree.realPath(path) !== OUTSIDE) continue;
      if (this.tree.get(path)?.type !== 'directory') this.tree.remove(path);
      this.problem('symlink resolving outside the target removed', path);
    }
  }

  /**
   * The real path of a directory made of `segments`, creating what is missing; a link on the way
   * is followed only to a directory inside the tree. `cached` remembers the directories already
   * checked, as the extractor's file path does (its link path does not).
   */
  private ensureDirectory(segments: string[], cached: boolean): string {
    let current = '';
    let key = '';
    for (const segment of segments) {
      key = key ? `${key}/${segment}` : segment;
      const known = cached ? this.knownDirs.get(key) : undefined;
      if (known !== undefined) {
        current = known;
        continue;
      }
      const candidate = current ? `${current}/${segment}` : segment;
      const node = this.tree.get(candidate);
      if (!node) {
        this.tree.set(candidate, { type: 'directory' });
        current = candidate;
      } else if (node.type === 'directory') {
        current = candidate;
      } else if (node.type === 'file') {
        throw new PathRefusal(`"${segments.join('/')}" is in the way: a file exists there`);
      } else {
        const real = this.tree.realPath(candidate);
        if (real === null || real === OUTSIDE) throw new PathRefusal('parent directory is a symlink leading outside the target; entry refused');
        if (this.tree.get(real)?.type !== 'directory') throw new PathRefusal('parent directory is a symlink to a file');
        current = real;
      }
      if (cached) this.knownDirs.set(key, current);
    }
    return current;
  }

  /** The tree path for a new entry, its parents made and an older entry of that name removed; null when refused (reported). */
  private prepare(name: string, cached: boolean): string | null {
    const parsed = treePathOf(name);
    if ('refused' in parsed) {
      this.problem(parsed.refused, name);
      return null;
    }
    let parent: string;
    try {
      parent = this.ensureDirectory(parsed.segments.slice(0, -1), cached);
    } catch (error) {
      this.refuse(name, error);
      return null;
    }
    const last = parsed.segments[parsed.segments.length - 1];
    const path = parent ? `${parent}/${last}` : last;
    const existing = this.tree.get(path);
    if (existing?.type === 'directory') {
      this.problem('a directory of the same name was extracted before; entry skipped', name);
      return null;
    }
    if (existing) {
      this.tree.remove(path);
      this.problem('duplicate entry; the last one is kept', name, 'warning');
    }
    return path;
  }

  private refuse(name: string, error: unknown): void {
    this.problem(error instanceof PathRefusal ? error.message : `cannot write entry: ${messageOf(error)}`, name);
  }
}

export interface ArchiveTreeOptions {
  /** The tar's bytes in this range of the file (a layer left inside its image tarball). */
  range?: ByteRange;
  /** How problems name the archive. */
  label: string;
  limits?: ExtractionLimits;
  signal?: AbortSignal;
  absoluteSymlinks?: AbsoluteSymlinks;
  /** Bytes of a whole walk of archives, shared (extractRecursively's total). */
  total?: SharedTotal;
}

export interface ArchiveTreeResult {
  tree: ArchiveTree;
  files: number;
  bytes: number;
  problems: ExtractionProblem[];
}

/** Entries handled between two turns of the event loop, so that a large tar never holds it long. */
const ENTRIES_PER_TURN = 2000;

/** The tree of an uncompressed tar (`tarPath`, or `range` of it), its files left in place. */
export async function buildArchiveTree(tarPath: string, opts: ArchiveTreeOptions): Promise<ArchiveTreeResult> {
  const { range, label, signal } = opts;
  const tree = new ArchiveTree(tarPath);
  const size = range ? range.end - range.start : statSync(tarPath).size;
  const budget = new ExtractionBudget(opts.limits ?? DEFAULT_EXTRACTION_LIMITS, size, opts.total ?? { bytes: 0 }, signal);
  const builder = new ArchiveTreeBuilder(tree, label, budget, opts.absoluteSymlinks);
  try {
    let n = 0;
    for (const header of tarHeaders(tarPath, range)) {
      builder.entry(header);
      if (++n % ENTRIES_PER_TURN === 0) await setImmediate();
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof TruncatedEntryError) builder.problem(`corrupt or truncated data: ${error.message}`, error.entry);
    else if (error instanceof LimitExceededError || error instanceof CorruptArchiveError) builder.problem(error.message);
    else builder.problem(`corrupt or unreadable archive: ${messageOf(error)}`);
  } finally {
    builder.auditLinks();
  }
  return { tree, files: builder.files, bytes: budget.bytes, problems: builder.problems };
}
