/**
 * Any archive the extractor reads, held as an archive tree instead of files: every entry goes
 * through the same format readers (zip, 7z, ar/deb, rpm, cpio, compressed tars) into this sink,
 * which appends each file's bytes to one blob file and records where they are. One sequential
 * file instead of thousands of inodes; the tree keeps the extractor's containment (see
 * ArchiveTreeBuilder). A file whose data fails midway is left out, as the extractor removes it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { statSync } from 'node:fs';
import { ArchiveTree, type ArchiveTreeFile } from './archive-tree';
import { ArchiveTreeBuilder } from './archive-tree-builder';
import { drain, type EntryContent, type EntrySink, type MemberPlace } from './entry-sink';
import { ExtractionBudget, type SharedTotal } from './extraction-budget';
import { EntryError, LimitExceededError } from './extraction-errors';
import { archiveToRead, readEntriesInto } from './extract-archive';
import type { AbsoluteSymlinks, ByteRange, ExtractionLimits, ExtractionProblem } from './extraction-types';

export class BlobTreeSink implements EntrySink {
  private readonly fd: number;
  private offset = 0;

  constructor(
    private readonly builder: ArchiveTreeBuilder,
    private readonly budget: ExtractionBudget,
    blobPath: string,
  ) {
    this.fd = openSync(blobPath, 'wx');
  }

  async file(name: string, content: EntryContent): Promise<void> {
    const path = this.builder.beginFile(name);
    if (path === null) return drain(content);
    const start = this.offset;
    try {
      for await (const chunk of content) {
        this.budget.addBytes(chunk.length);
        let written = 0;
        while (written < chunk.length) written += writeSync(this.fd, chunk, written, chunk.length - written, this.offset + written);
        this.offset += chunk.length;
      }
    } catch (error) {
      if (error instanceof LimitExceededError || this.budget.aborted) throw error;
      throw new EntryError(name, error);
    }
    this.builder.addFile(path, { type: 'file', offset: start, size: this.offset - start });
  }

  /**
   * A zip member stays in the zip: its node points at its data there (inflated and its CRC checked
   * whenever it is read). Its declared size counts against the limits now, and reading it can
   * never give more (the inflation stops at that size).
   */
  async fileInPlace(name: string, place: MemberPlace): Promise<void> {
    const path = this.builder.beginFile(name);
    if (path === null) return;
    this.budget.addBytes(place.size);
    const node: ArchiveTreeFile = { type: 'file', offset: place.offset, size: place.size, source: place.source, crc32: place.crc32 };
    if (place.deflated !== undefined) node.deflated = place.deflated;
    this.builder.addFile(path, node);
  }

  async directory(name: string): Promise<void> {
    this.builder.directory(name);
  }

  async symlink(name: string, target: string): Promise<void> {
    this.builder.symlink(name, target);
  }

  async hardlink(name: string, target: string): Promise<void> {
    this.builder.hardlink(name, target);
  }

  async skip(name: string, reason: string, content?: EntryContent): Promise<void> {
    this.builder.skip(name, reason);
    if (content) await drain(content);
  }

  problem(reason: string, entry?: string, severity: 'warning' | 'error' = 'error'): void {
    this.builder.problem(reason, entry, severity);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export interface TreeExtraction {
  /** Null when the file is no archive that can be read (a problem says why). */
  tree: ArchiveTree | null;
  files: number;
  bytes: number;
  problems: ExtractionProblem[];
}

export interface ExtractToTreeRequest {
  archivePath: string;
  /** The blob file the tree's files are written to (created; it must not exist). */
  blobPath: string;
  label: string;
  limits: ExtractionLimits;
  total: SharedTotal;
  signal?: AbortSignal;
  range?: ByteRange;
  absoluteSymlinks?: AbsoluteSymlinks;
}

/** extractOne's reading, into an archive tree whose files are ranges of one blob file. */
export async function extractToTree(request: ExtractToTreeRequest): Promise<TreeExtraction> {
  const { archivePath, blobPath, label, limits, total, signal, range } = request;
  signal?.throwIfAborted();
  const toRead = await archiveToRead(archivePath, label, range);
  if ('problem' in toRead) return { tree: null, files: 0, bytes: 0, problems: [toRead.problem] };
  const tree = new ArchiveTree(blobPath);
  const budget = new ExtractionBudget(limits, range ? range.end - range.start : statSync(archivePath).size, total, signal);
  const builder = new ArchiveTreeBuilder(tree, label, budget, request.absoluteSymlinks);
  const sink = new BlobTreeSink(builder, budget, blobPath);
  try {
    await readEntriesInto(toRead.kind, archivePath, toRead.head, sink, range, signal);
  } finally {
    sink.close();
    builder.auditLinks();
  }
  return { tree, files: builder.files, bytes: budget.bytes, problems: builder.problems };
}
