import { closeSync, constants, lstatSync, openSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { link, lstat, realpath, rm, symlink, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { drain, type EntryContent, type EntrySink } from './entry-sink';
import { EntryError, LimitExceededError, messageOf } from './extraction-errors';
import type { ExtractionBudget } from './extraction-budget';
import type { AbsoluteSymlinks, ExtractionProblem } from './extraction-types';
import { ensureDirectory, ensureDirectorySync, entrySegments, isInside, PathRefusal } from './safe-paths';

// O_NOFOLLOW and O_EXCL: the final component is never followed, even if a later race put a link there.
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Writes entries below `root` (a real path), refusing anything that would land or point outside it. */
export class EntryWriter implements EntrySink {
  files = 0;
  readonly problems: ExtractionProblem[] = [];
  private readonly links: string[] = [];
  private readonly knownDirs = new Map<string, string>();

  constructor(
    private readonly root: string,
    private readonly archive: string,
    private readonly budget: ExtractionBudget,
    private readonly absoluteSymlinks: AbsoluteSymlinks = 'refuse',
    /** Entries read past without a file or a problem (the caller reads them elsewhere). */
    private readonly skipped: (name: string) => boolean = () => false,
  ) {}

  /**
   * Files are written with synchronous calls as their chunks arrive: an archive is thousands of
   * small files, and one thread-pool round trip per open/write/close made extraction wait on
   * latency (60% idle). Content still streams, so memory stays at one chunk.
   */
  async file(name: string, content: EntryContent, mode = 0o644): Promise<void> {
    this.budget.addEntry();
    if (this.skipped(name)) return drain(content);
    const target = this.prepareSync(name);
    let fd: number | null = null;
    if (target) {
      try {
        fd = openSync(target, CREATE_FLAGS, 0o644 | (mode & 0o111));
      } catch (error) {
        this.refuse(name)(error);
      }
    }
    if (!target || fd === null) return drain(content);
    try {
      for await (const chunk of content) {
        this.budget.addBytes(chunk.length);
        writeAll(fd, chunk);
      }
      closeSync(fd);
      fd = null;
      this.files += 1;
    } catch (error) {
      if (fd !== null) closeSync(fd);
      await rm(target, { force: true });
      if (error instanceof LimitExceededError || this.budget.aborted) throw error;
      throw new EntryError(name, error);
    }
  }

  async directory(name: string): Promise<void> {
    this.budget.addEntry();
    // `./` (tar's entry for the archive root, first in every image layer) is the target itself.
    if (/^[./]+$/.test(name) && !name.includes('..')) return;
    const parsed = entrySegments(name);
    if ('refused' in parsed) return this.problem(parsed.refused, name);
    try {
      ensureDirectorySync(this.root, parsed.segments, this.knownDirs);
    } catch (error) {
      this.refuse(name)(error);
    }
  }

  async symlink(name: string, target: string): Promise<void> {
    this.budget.addEntry();
    if (!target || target.includes('\0')) return this.problem('symlink without a usable target', name);
    const absolute = isAbsolute(target);
    if (absolute && this.absoluteSymlinks === 'refuse') return this.problem(`symlink to absolute path "${target}" refused`, name);
    const path = await this.prepare(name);
    if (!path) return;
    if (absolute) target = rootRelativeTarget(this.root, dirname(path), target);
    if (!isInside(this.root, resolve(dirname(path), target))) {
      return this.problem(`symlink to "${target}" points outside the target; refused`, name);
    }
    await symlink(target, path).catch(this.refuse(name));
    this.links.push(path);
  }

  async hardlink(name: string, target: string): Promise<void> {
    this.budget.addEntry();
    const parsed = entrySegments(target);
    if ('refused' in parsed) return this.problem(`hard link target "${target}": ${parsed.refused}`, name);
    const source = join(this.root, ...parsed.segments);
    const parent = await realpath(dirname(source)).catch(() => null);
    const stats = parent && isInside(this.root, parent) ? await lstat(source).catch(() => null) : null;
    if (!stats || !(stats.isFile() || stats.isSymbolicLink())) {
      return this.problem(`hard link target "${target}" was not extracted; link skipped`, name, 'warning');
    }
    const path = await this.prepare(name);
    if (!path) return;
    await link(join(parent ?? this.root, parsed.segments[parsed.segments.length - 1]), path).catch(this.refuse(name));
    if (stats.isSymbolicLink()) this.links.push(path);
    else this.files += 1;
  }

  async skip(name: string, reason: string, content?: EntryContent): Promise<void> {
    this.budget.addEntry();
    this.problem(reason, name, 'warning');
    if (content) await drain(content);
  }

  problem(reason: string, entry?: string, severity: 'warning' | 'error' = 'error'): void {
    this.problems.push({ archive: this.archive, ...(entry === undefined ? {} : { entry }), reason, severity });
  }

  /**
   * A link that looked inside when it was made can resolve outside once later entries exist (`a -> .`
   * then `b -> a/..`), so every link is checked again by real path once the archive is done.
   */
  async auditLinks(): Promise<void> {
    for (const path of this.links) {
      const resolved = await realpath(path).catch(() => null);
      if (resolved === null || isInside(this.root, resolved)) continue;
      await unlink(path).catch(() => undefined);
      this.problem('symlink resolving outside the target removed', path.slice(this.root.length + 1));
    }
  }

  /** `prepare` for files, synchronously, with the directory cache. */
  private prepareSync(name: string): string | null {
    const parsed = entrySegments(name);
    if ('refused' in parsed) {
      this.problem(parsed.refused, name);
      return null;
    }
    let parent: string;
    try {
      parent = ensureDirectorySync(this.root, parsed.segments.slice(0, -1), this.knownDirs);
    } catch (error) {
      return this.refuse(name)(error);
    }
    const path = join(parent, parsed.segments[parsed.segments.length - 1]);
    let existing: Stats | null = null;
    try {
      existing = lstatSync(path);
    } catch {
      existing = null;
    }
    if (existing?.isDirectory()) {
      this.problem('a directory of the same name was extracted before; entry skipped', name);
      return null;
    }
    if (existing) {
      unlinkSync(path);
      this.problem('duplicate entry; the last one is kept', name, 'warning');
    }
    return path;
  }

  /** The final path for a new entry, with its parents made; null when refused (already reported). */
  private async prepare(name: string): Promise<string | null> {
    const parsed = entrySegments(name);
    if ('refused' in parsed) {
      this.problem(parsed.refused, name);
      return null;
    }
    const parent = await ensureDirectory(this.root, parsed.segments.slice(0, -1)).catch(this.refuse(name));
    if (!parent) return null;
    const path = join(parent, parsed.segments[parsed.segments.length - 1]);
    const existing = await lstat(path).catch(() => null);
    if (existing?.isDirectory()) {
      this.problem('a directory of the same name was extracted before; entry skipped', name);
      return null;
    }
    if (existing) {
      await unlink(path);
      this.problem('duplicate entry; the last one is kept', name, 'warning');
    }
    return path;
  }

  /** A catch handler that records a refused entry (or a local file system error) and yields null. */
  private refuse(name: string): (error: unknown) => null {
    return (error) => {
      this.problem(error instanceof PathRefusal ? error.message : `cannot write entry: ${messageOf(error)}`, name);
      return null;
    };
  }
}

function writeAll(fd: number, chunk: Buffer | Uint8Array): void {
  let offset = 0;
  while (offset < chunk.length) offset += writeSync(fd, chunk, offset, chunk.length - offset);
}

/**
 * An absolute link target read against the extraction root, as a link of a root file system
 * (`usr/bin/awk -> /etc/alternatives/awk` becomes `../../etc/alternatives/awk`), relative to the
 * link's real parent (which an earlier in-tree link may have moved). `..` cannot climb above `/`,
 * so the result stays below the root; the caller still checks it like any link.
 */
function rootRelativeTarget(root: string, realParent: string, target: string): string {
  return relative(realParent, join(root, posix.normalize(target))) || '.';
}
