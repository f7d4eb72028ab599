/** Public types of archive extraction, shaped after ScanCode's extractcode. */

export interface ExtractionLimits {
  /** Bytes written across one extraction run (one archive, or a whole recursive walk). */
  maxTotalBytes: number;
  /** Output bytes of one archive divided by its size on disk. */
  maxRatio: number;
  /** Nesting depth of recursive extraction: a top-level archive is depth 1. */
  maxDepth: number;
  /** Entries (files, directories, links, skipped specials) of one archive. */
  maxEntries: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxTotalBytes: 10 * 1024 ** 3,
  maxRatio: 1000,
  maxDepth: 8,
  maxEntries: 1_000_000,
};

export interface ExtractionProblem {
  /** Path of the archive relative to the codebase root (its base name for a lone extractArchive call). */
  archive: string;
  entry?: string;
  reason: string;
  severity: 'warning' | 'error';
}

export type ArchiveKind = 'zip' | 'tar' | 'gzip' | 'bzip2' | 'xz' | 'zstd' | 'ar' | 'deb' | 'rpm' | '7z' | 'cpio';

/**
 * What to do with a symlink to an absolute path. `refuse` (the default) reports it: in a source
 * archive such a link points at the scanning machine. `root-relative` reads it as a container
 * runtime does, relative to the extraction root (`bin/sh -> /bin/busybox` becomes
 * `bin/sh -> busybox`): image layers are full of them, and the rewritten link is checked for
 * containment like any other.
 */
export type AbsoluteSymlinks = 'refuse' | 'root-relative';

/** A byte range of a file (`end` exclusive): an archive stored inside another file. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ExtractOptions {
  limits?: ExtractionLimits;
  signal?: AbortSignal;
  absoluteSymlinks?: AbsoluteSymlinks;
  /** Read the archive from this range of the file (a tar or compressed tar only). */
  range?: ByteRange;
  /** Entries (by name) that are read past and not written: no file, no problem. */
  skip?: (name: string) => boolean;
}

export interface ExtractionResult {
  files: number;
  bytes: number;
  problems: ExtractionProblem[];
}
