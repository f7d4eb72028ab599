/**
 * An archive's file tree held in memory, its files left where they are: each file is a byte range
 * of a local file (the uncompressed tar). An image layer is read this way instead of being
 * extracted: creating thousands of inodes is what extraction costs (and on some file systems,
 * ext4 without a journal among them, creation slows down for minutes after a large delete).
 * The tree holds what `EntryWriter` would have written, with its containment: the same refusals,
 * the same handling of links through links, duplicates and hard links, the same audit of links
 * once the archive is done, with the same problem messages. Paths are relative to the root,
 * `/`-separated, '' being the root itself.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { posix } from 'node:path';
import { entrySegments } from './safe-paths';

export type ArchiveTreeNode =
  | { type: 'directory' }
  | { type: 'file'; offset: number; size: number }
  | { type: 'symlink'; target: string };

/** A byte range of a file: where an archive tree's file really is. */
export interface FileRange {
  path: string;
  start: number;
  size: number;
}

/** The bytes of a range, read whole (ranges of archive trees are files of ordinary size). */
export function readRange(range: FileRange): Buffer {
  const fd = openSync(range.path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(range.size);
    let got = 0;
    while (got < range.size) {
      const n = readSync(fd, buffer, got, range.size - got, range.start + got);
      if (n === 0) throw new Error(`${range.path}: ${range.size - got} bytes missing at ${range.start + got}`);
      got += n;
    }
    return buffer;
  } finally {
    closeSync(fd);
  }
}

export interface ArchiveTreeEntry {
  path: string;
  node: ArchiveTreeNode;
}

/** The serialised form: the source and every entry in walk order. */
export interface ArchiveTreeJson {
  source: string;
  entries: [path: string, type: 'd' | 'f' | 'l', a?: number | string, b?: number][];
}

/** What `realPath` answers for a path that leaves the root. */
export const OUTSIDE = Symbol('outside the tree');
const MAX_LINK_FOLLOWS = 40;

/** Sort order of names in a directory: the walk's (code unit order). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class ArchiveTree {
  private readonly nodes = new Map<string, ArchiveTreeNode>([['', { type: 'directory' }]]);
  private readonly children = new Map<string, Set<string>>([['', new Set()]]);

  /** `source`: the file whose byte ranges the file nodes are. */
  constructor(readonly source: string) {}

  get size(): number {
    return this.nodes.size - 1;
  }

  get(path: string): ArchiveTreeNode | undefined {
    return this.nodes.get(path);
  }

  /** Where a file's bytes are; null for anything but a file. */
  rangeOf(path: string): FileRange | null {
    const node = this.nodes.get(path);
    return node?.type === 'file' ? { path: this.source, start: node.offset, size: node.size } : null;
  }

  /** The names in a directory, sorted. */
  list(dir: string): string[] {
    return [...(this.children.get(dir) ?? [])].sort(byName);
  }

  set(path: string, node: ArchiveTreeNode): void {
    const existing = this.nodes.get(path);
    if (existing?.type === 'directory' && node.type !== 'directory') this.remove(path);
    this.nodes.set(path, node);
    const parent = parentOf(path);
    let siblings = this.children.get(parent);
    if (!siblings) this.children.set(parent, (siblings = new Set()));
    siblings.add(path.slice(parent ? parent.length + 1 : 0));
    if (node.type === 'directory' && !this.children.has(path)) this.children.set(path, new Set());
  }

  /** Removes a path and everything below it. */
  remove(path: string): void {
    if (!path || !this.nodes.has(path)) return;
    for (const child of this.children.get(path) ?? []) this.remove(`${path}/${child}`);
    this.nodes.delete(path);
    this.children.delete(path);
    const parent = parentOf(path);
    this.children.get(parent)?.delete(path.slice(parent ? parent.length + 1 : 0));
  }

  /** Depth first, names sorted, each directory before its content (the order of `walkTree`); the root left out. */
  *walk(dir = ''): Generator<ArchiveTreeEntry> {
    for (const name of this.list(dir)) {
      const path = dir ? `${dir}/${name}` : name;
      const node = this.nodes.get(path) as ArchiveTreeNode;
      yield { path, node };
      if (node.type === 'directory') yield* this.walk(path);
    }
  }

  /**
   * The real path of `path` as the kernel's realpath would give it were the tree on disk:
   * symlinks followed (relative to their directory), `..` climbing. OUTSIDE when it climbs above
   * the root, null when a component is missing, not a directory, or links loop.
   */
  realPath(path: string): string | null | typeof OUTSIDE {
    const pending = path.split('/').reverse();
    const resolved: string[] = [];
    let follows = 0;
    while (pending.length > 0) {
      const segment = pending.pop() as string;
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (resolved.length === 0) return OUTSIDE;
        resolved.pop();
        continue;
      }
      const parent = resolved.join('/');
      if (this.nodes.get(parent)?.type !== 'directory') return null;
      const candidate = parent ? `${parent}/${segment}` : segment;
      const node = this.nodes.get(candidate);
      if (!node) return null;
      if (node.type === 'symlink') {
        if (++follows > MAX_LINK_FOLLOWS) return null;
        if (node.target.startsWith('/')) return OUTSIDE;
        pending.push(...node.target.split('/').reverse());
        continue;
      }
      resolved.push(segment);
    }
    return resolved.join('/');
  }

  /** A path's real path when it stays inside the tree, else null. */
  realPathInside(path: string): string | null {
    const real = this.realPath(path);
    return typeof real === 'string' ? real : null;
  }

  /** The file a path leads to, links followed inside the tree; null for anything else. */
  resolveFile(path: string): FileRange | null {
    const real = this.realPathInside(path);
    return real === null ? null : this.rangeOf(real);
  }

  toJSON(): ArchiveTreeJson {
    const entries: ArchiveTreeJson['entries'] = [];
    for (const { path, node } of this.walk()) {
      if (node.type === 'directory') entries.push([path, 'd']);
      else if (node.type === 'file') entries.push([path, 'f', node.offset, node.size]);
      else entries.push([path, 'l', node.target]);
    }
    return { source: this.source, entries };
  }

  static fromJSON(json: ArchiveTreeJson): ArchiveTree {
    const tree = new ArchiveTree(json.source);
    for (const [path, type, a, b] of json.entries) {
      if (type === 'd') tree.set(path, { type: 'directory' });
      else if (type === 'f') tree.set(path, { type: 'file', offset: a as number, size: b as number });
      else tree.set(path, { type: 'symlink', target: a as string });
    }
    return tree;
  }
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** An entry name as the tree's path, or why it is refused (the extractor's rules). */
export function treePathOf(name: string): { path: string; segments: string[] } | { refused: string } {
  const parsed = entrySegments(name);
  return 'refused' in parsed ? parsed : { path: parsed.segments.join('/'), segments: parsed.segments };
}

/**
 * A link target read against the root when absolute (as the extractor's `root-relative` mode),
 * relative to the link's real parent directory.
 */
export function rootRelativeTarget(realParent: string, target: string): string {
  return posix.relative(`/${realParent}`, posix.normalize(target)) || '.';
}

/** A root for lexical resolution that no real name can be (entry names never hold a NUL). */
const LEXICAL_ROOT = '/\0';

/** Whether a target, relative to its link's real parent, stays inside the root lexically. */
export function lexicallyInside(realParent: string, target: string): boolean {
  const resolved = posix.resolve(posix.join(LEXICAL_ROOT, realParent), target);
  return resolved === LEXICAL_ROOT || resolved.startsWith(`${LEXICAL_ROOT}/`);
}
