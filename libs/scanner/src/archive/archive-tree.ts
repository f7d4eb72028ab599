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
import { constants as zlibConstants, crc32, inflateRawSync } from 'node:zlib';
import { entrySegments } from './safe-paths';

/**
 * A file node: `size` bytes at `offset` of the tree's source (or of its own `source`), raw-deflated
 * in `deflated` bytes when set; `crc32` is checked when the bytes are read (a zip member read in place).
 */
export interface ArchiveTreeFile {
  type: 'file';
  offset: number;
  size: number;
  source?: string;
  deflated?: number;
  crc32?: number;
}

export type ArchiveTreeNode = { type: 'directory' } | ArchiveTreeFile | { type: 'symlink'; target: string };

/**
 * Where a file's bytes really are: `size` bytes at `start` of the file at `path`; or, with
 * `deflated`, a raw deflate stream of that many bytes at `start` that inflates to `size` bytes
 * (a zip member read in place; members too large to inflate in memory are written out instead).
 * With `crc32`, the bytes read must have that CRC-32 (a zip member's, checked on every read).
 */
export interface FileRange {
  path: string;
  start: number;
  size: number;
  deflated?: number;
  crc32?: number;
}

/** Up to `length` bytes at `start` of `fd` (fewer where the file ends). */
export function readAt(fd: number, start: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buffer, got, length - got, start + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buffer : buffer.subarray(0, got);
}

/**
 * The files that ranges are read from, each opened once and kept open until `close`: a walk over
 * every file of a tree, or a worker's batch of zip members, would otherwise open the zip for each.
 */
export class OpenSources {
  private readonly fds = new Map<string, number>();

  fd(path: string): number {
    let fd = this.fds.get(path);
    if (fd === undefined) this.fds.set(path, (fd = openSync(path, 'r')));
    return fd;
  }

  /** A ByteReader through these descriptors. */
  readonly read: ByteReader = (path, start, length) => readAt(this.fd(path), start, length);

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}

/** The sources of the batch of reads running now (see keepingSourcesOpen); null: each read opens its file. */
let batchSources: OpenSources | null = null;

/**
 * Runs `work` with the files that ranges are read from kept open until it ends: a worker's batch
 * reads dozens of members of one zip, and opening the zip for each cost as much as reading them.
 * For a worker, which runs one batch at a time: the sources are the thread's while `work` runs.
 */
export async function keepingSourcesOpen<T>(work: () => Promise<T>): Promise<T> {
  if (batchSources) return work();
  const sources = new OpenSources();
  batchSources = sources;
  try {
    return await work();
  } finally {
    batchSources = null;
    sources.close();
  }
}

/** Calls `use` with a descriptor of `path`: the batch's (see keepingSourcesOpen), or one of its own, closed after. */
export function withSource<T>(path: string, use: (fd: number) => T): T {
  if (batchSources) return use(batchSources.fd(path));
  const fd = openSync(path, 'r');
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/** Exactly `length` bytes at `start` of `path`, or an error. */
function readBytes(path: string, start: number, length: number): Buffer {
  const bytes = withSource(path, (fd) => readAt(fd, start, length));
  if (bytes.length !== length) throw new Error(`${path}: ${length - bytes.length} bytes missing at ${start + bytes.length}`);
  return bytes;
}

/**
 * The bytes of a range, read whole (ranges of archive trees are files of ordinary size); a deflated
 * range inflated, a CRC checked. `read`: a caller's reader (one that keeps the file open).
 */
export function readRange(range: FileRange, read: ByteReader = readBytes): Buffer {
  const data = range.deflated === undefined ? exactly(range, range.size, read(range.path, range.start, range.size)) : inflateRange(range, exactly(range, range.deflated, read(range.path, range.start, range.deflated)));
  if (range.crc32 !== undefined && crc32(data) >>> 0 !== range.crc32 >>> 0) throw new Error(`${range.path}: CRC-32 mismatch in the member at ${range.start}`);
  return data;
}

/** `bytes` when it is `length` long (a caller's reader may return fewer where the file ends). */
function exactly(range: FileRange, length: number, bytes: Buffer): Buffer {
  if (bytes.length !== length) throw new Error(`${range.path}: ${length - bytes.length} bytes missing at ${range.start + bytes.length}`);
  return bytes;
}

/** A deflated range's bytes from its `deflated` raw bytes: exactly `size` of them, or an error. */
export function inflateRange(range: Pick<FileRange, 'path' | 'start' | 'size'>, raw: Buffer): Buffer {
  let data: Buffer;
  try {
    data = inflateRawSync(raw, { maxOutputLength: Math.max(1, range.size) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`${range.path}: the deflated member at ${range.start} inflates to more than ${range.size} bytes`);
    throw error;
  }
  if (data.length !== range.size) throw new Error(`${range.path}: the deflated member at ${range.start} inflates to ${data.length} bytes, not ${range.size}`);
  return data;
}

/** `length` bytes of `path` at `start` (a caller walking many ranges of one file keeps it open; fewer where the file ends short, or an error). */
export type ByteReader = (path: string, start: number, length: number) => Buffer;

/**
 * Compressed bytes first read for a deflated member's head of 512 bytes: at worst about that
 * many plus the block's code tables. Inflation costs what it outputs, so little more is read.
 */
const HEAD_INPUT_BYTES = 1024;

/**
 * Up to `length` first bytes of a range. A deflated member is inflated only from its first
 * compressed bytes (a truncated stream flushed, not an error), more of them only when those fall
 * short: archive detection reads the head of every file of a tree, and inflating whole members
 * for it cost as much as reading them.
 */
export function readRangeHead(range: FileRange, length: number, read: ByteReader = readBytes): Buffer {
  const want = Math.min(length, range.size);
  if (range.deflated === undefined) return read(range.path, range.start, want);
  for (let input = HEAD_INPUT_BYTES; input < range.deflated; input *= 16) {
    let head: Buffer;
    try {
      head = inflateRawSync(read(range.path, range.start, input), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch {
      break; // not deflate within its head: the whole read says why
    }
    if (head.length >= want) return head.subarray(0, want);
  }
  return readRange(range, read).subarray(0, want);
}

export interface ArchiveTreeEntry {
  path: string;
  node: ArchiveTreeNode;
}

/** The serialised form: the sources and every entry in walk order (a file's own source by index, 0 being the tree's). */
export interface ArchiveTreeJson {
  source: string;
  sources?: string[];
  entries: [path: string, type: 'd' | 'f' | 'l', a?: number | string, b?: number, source?: number, deflated?: number | null, crc32?: number][];
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
    if (node?.type !== 'file') return null;
    const range: FileRange = { path: node.source ?? this.source, start: node.offset, size: node.size };
    if (node.deflated !== undefined) range.deflated = node.deflated;
    if (node.crc32 !== undefined) range.crc32 = node.crc32;
    return range;
  }

  /** The regular files of the directory holding `path` (itself included), by name, with their ranges. */
  filesBeside(path: string): Record<string, FileRange> {
    const dir = parentOf(path);
    const out: Record<string, FileRange> = {};
    for (const name of this.children.get(dir) ?? []) {
      const range = this.rangeOf(dir ? `${dir}/${name}` : name);
      if (range) out[name] = range;
    }
    return out;
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
    const sources = [this.source];
    const indexOf = new Map([[this.source, 0]]);
    const entries: ArchiveTreeJson['entries'] = [];
    for (const { path, node } of this.walk()) {
      if (node.type === 'directory') entries.push([path, 'd']);
      else if (node.type === 'symlink') entries.push([path, 'l', node.target]);
      else if (node.source === undefined && node.deflated === undefined && node.crc32 === undefined) entries.push([path, 'f', node.offset, node.size]);
      else {
        const source = node.source ?? this.source;
        if (!indexOf.has(source)) indexOf.set(source, sources.push(source) - 1);
        const index = indexOf.get(source) as number;
        if (node.crc32 !== undefined) entries.push([path, 'f', node.offset, node.size, index, node.deflated ?? null, node.crc32]);
        else entries.push(node.deflated === undefined ? [path, 'f', node.offset, node.size, index] : [path, 'f', node.offset, node.size, index, node.deflated]);
      }
    }
    return sources.length > 1 ? { source: this.source, sources, entries } : { source: this.source, entries };
  }

  static fromJSON(json: ArchiveTreeJson): ArchiveTree {
    const tree = new ArchiveTree(json.source);
    const sources = json.sources ?? [json.source];
    for (const [path, type, a, b, source, deflated, crc] of json.entries) {
      if (type === 'd') tree.set(path, { type: 'directory' });
      else if (type === 'l') tree.set(path, { type: 'symlink', target: a as string });
      else {
        const node: ArchiveTreeFile = { type: 'file', offset: a as number, size: b as number };
        if (source !== undefined && source > 0) node.source = sources[source];
        if (deflated !== undefined && deflated !== null) node.deflated = deflated;
        if (crc !== undefined) node.crc32 = crc;
        tree.set(path, node);
      }
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
