import { createReadStream } from 'node:fs';
import { mkdir, realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { readAr } from './ar-reader';
import { ARCHIVE_HEAD_BYTES, archiveKind, readArchiveHead } from './archive-kind';
import { compressionOf, decompress } from './compression';
import { cpioFormatOf } from './cpio-header';
import { readCpio } from './cpio-reader';
import type { EntrySink } from './entry-sink';
import { EntryWriter } from './entry-writer';
import { ExtractionBudget, type SharedTotal } from './extraction-budget';
import { CorruptArchiveError, EntryError, LimitExceededError, messageOf } from './extraction-errors';
import {
  DEFAULT_EXTRACTION_LIMITS,
  type AbsoluteSymlinks,
  type ArchiveKind,
  type ByteRange,
  type ExtractionLimits,
  type ExtractionProblem,
  type ExtractionResult,
  type ExtractOptions,
} from './extraction-types';
import { readRpm } from './rpm-reader';
import { readSevenZip } from './seven-zip-reader';
import { decompressedName, peekStream } from './stream-peek';
import { isTarHeader } from './tar-header';
import { readTar } from './tar-reader';
import { readZip } from './zip-reader';

/** Extracts one archive into `targetDir` (created if missing); hostile or broken content becomes problems. */
export function extractArchive(archivePath: string, targetDir: string, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const limits = opts.limits ?? DEFAULT_EXTRACTION_LIMITS;
  return extractOne({
    archivePath, targetDir, label: basename(archivePath), limits, total: { bytes: 0 }, signal: opts.signal, absoluteSymlinks: opts.absoluteSymlinks, range: opts.range, skip: opts.skip,
  });
}

export interface ExtractOneRequest {
  archivePath: string;
  targetDir: string;
  /** How problems name the archive: its path relative to the codebase root. */
  label: string;
  limits: ExtractionLimits;
  total: SharedTotal;
  signal?: AbortSignal;
  absoluteSymlinks?: AbsoluteSymlinks;
  range?: ByteRange;
  skip?: (name: string) => boolean;
}

/** An archive's kind and head, or the problem that keeps it from being read at all. */
export async function archiveToRead(archivePath: string, label: string, range?: ByteRange): Promise<{ kind: ArchiveKind; head: Buffer } | { problem: ExtractionProblem }> {
  const head = await readArchiveHead(archivePath, range?.start, range?.end);
  const kind = archiveKind(archivePath, head);
  if (!kind) return { problem: { archive: label, reason: 'not a recognised archive', severity: 'error' } };
  if (range && !RANGE_KINDS.has(kind)) return { problem: { archive: label, reason: `a ${kind} archive cannot be read from inside another file`, severity: 'error' } };
  return { kind, head };
}

/**
 * Feeds an archive's entries to a sink; what stops the archive (a limit, a corrupt structure, a
 * truncated entry) becomes a problem of the sink, as the entries before it stay. Aborting throws.
 */
export async function readEntriesInto(kind: ArchiveKind, archivePath: string, head: Buffer, sink: EntrySink, range?: ByteRange, signal?: AbortSignal): Promise<void> {
  try {
    await (range ? readCompressed(kind, archivePath, head, sink, range) : readArchive(kind, archivePath, head, sink, signal));
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof EntryError) sink.problem(`corrupt or truncated data: ${error.message}`, error.entry);
    else if (error instanceof LimitExceededError || error instanceof CorruptArchiveError) sink.problem(error.message);
    else sink.problem(`corrupt or unreadable archive: ${messageOf(error)}`);
  }
}

export async function extractOne(request: ExtractOneRequest): Promise<ExtractionResult> {
  const { archivePath, targetDir, label, limits, total, signal, absoluteSymlinks, range, skip } = request;
  signal?.throwIfAborted();
  const toRead = await archiveToRead(archivePath, label, range);
  if ('problem' in toRead) return { files: 0, bytes: 0, problems: [toRead.problem] };
  await mkdir(targetDir, { recursive: true });
  const budget = new ExtractionBudget(limits, range ? range.end - range.start : (await stat(archivePath)).size, total, signal);
  const writer = new EntryWriter(await realpath(targetDir), label, budget, absoluteSymlinks, skip);
  try {
    await readEntriesInto(toRead.kind, archivePath, toRead.head, writer, range, signal);
  } finally {
    await writer.auditLinks();
  }
  return { files: writer.files, bytes: budget.bytes, problems: writer.problems };
}

async function readArchive(kind: ArchiveKind, path: string, head: Buffer, sink: EntrySink, signal?: AbortSignal): Promise<void> {
  switch (kind) {
    case 'zip':
      return readZip(path, sink, signal);
    case '7z':
      return readSevenZip(path, sink);
    case 'ar':
    case 'deb':
      // A .deb extracts to its members (debian-binary, control.tar.*, data.tar.*), as extractcode
      // does; the recursive walk then extracts the two tarballs next to themselves.
      return readAr(createReadStream(path), sink);
    case 'rpm':
      return readRpm(createReadStream(path), sink);
    case 'cpio':
      return readCpio(createReadStream(path), sink);
    case 'tar':
    case 'gzip':
    case 'bzip2':
    case 'xz':
    case 'zstd':
      return readCompressed(kind, path, head, sink);
  }
}

/** The kinds an archive read from a range of a file may have (streamed, never seeked). */
const RANGE_KINDS: ReadonlySet<ArchiveKind> = new Set(['tar', 'gzip', 'bzip2', 'xz', 'zstd']);

/** A tar, a compressed tar or cpio (extracted to members), or a compressed lone file. */
async function readCompressed(kind: ArchiveKind, path: string, head: Buffer, sink: EntrySink, range?: ByteRange): Promise<void> {
  const compression = compressionOf(head);
  const raw = createReadStream(path, range ? { start: range.start, end: range.end - 1 } : {});
  const peeked = await peekStream(compression ? decompress(raw, compression) : raw, ARCHIVE_HEAD_BYTES);
  if (cpioFormatOf(peeked.head)) return readCpio(peeked.stream, sink);
  if (kind === 'tar' || !compression || isTarHeader(peeked.head)) return readTar(peeked.stream, sink);
  await sink.file(decompressedName(basename(path)), peeked.stream);
}
