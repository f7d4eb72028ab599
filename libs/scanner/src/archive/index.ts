export { archiveKind, readArchiveHead, ARCHIVE_HEAD_BYTES } from './archive-kind';
export { extractArchive } from './extract-archive';
export { extractRecursively, EXTRACT_SUFFIX, type ExtractRecursivelyOptions } from './extract-recursively';
export { RATIO_FLOOR_BYTES } from './extraction-budget';
export {
  DEFAULT_EXTRACTION_LIMITS,
  type AbsoluteSymlinks,
  type ArchiveKind,
  type ExtractionLimits,
  type ExtractionProblem,
  type ExtractionResult,
  type ExtractOptions,
} from './extraction-types';
export { ArchiveTree, inflateRange, OUTSIDE, readRange, readRangeHead, type ArchiveTreeJson, type ArchiveTreeNode, type FileRange } from './archive-tree';
export { buildArchiveTree, type ArchiveTreeOptions, type ArchiveTreeResult } from './archive-tree-builder';
export { extractToTree, type TreeExtraction } from './blob-tree-sink';
export { mountArchivesRecursively, type MountedArchives } from './mount-archives';
