import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { archiveKind, readArchiveHead } from './archive-kind';
import { extractOne } from './extract-archive';
import type { SharedTotal } from './extraction-budget';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionProblem, type ExtractOptions } from './extraction-types';

export interface ExtractRecursivelyOptions extends ExtractOptions {
  /** Called after each archive with the number extracted so far. */
  onProgress?: (done: number) => void;
}

/** Directory an archive is extracted into, next to it: ScanCode's extractcode layout. */
export const EXTRACT_SUFFIX = '-extract';

/**
 * ScanCode's extract_archives: every archive X under root is extracted next to itself into
 * `X-extract/`, recursively (archives found inside extracted trees too, up to maxDepth), originals kept.
 * Archives are handled one at a time in sorted order, so the result and the problems are reproducible;
 * one byte budget covers the whole walk. Symlinks are never followed.
 */
export async function extractRecursively(
  rootDir: string,
  opts: ExtractRecursivelyOptions = {},
): Promise<{ archives: number; problems: ExtractionProblem[] }> {
  const limits = opts.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const total: SharedTotal = { bytes: 0 };
  const problems: ExtractionProblem[] = [];
  let archives = 0;
  const label = (path: string): string => relative(rootDir, path).split(sep).join('/');

  const walk = async (dir: string, depth: number): Promise<void> => {
    const children = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const child of children) {
      opts.signal?.throwIfAborted();
      const path = join(dir, child.name);
      if (child.isDirectory()) await walk(path, depth);
      if (!child.isFile() || !(await isArchive(path))) continue;
      const target = path + EXTRACT_SUFFIX;
      // Already extracted (a rerun): its tree is walked as an ordinary directory.
      if (await lstat(target).then(() => true, () => false)) continue;
      if (depth + 1 > limits.maxDepth) {
        problems.push({ archive: label(path), reason: `nested more than ${limits.maxDepth} archives deep; not extracted`, severity: 'error' });
        continue;
      }
      if (total.bytes >= limits.maxTotalBytes) {
        problems.push({ archive: label(path), reason: 'total extracted size limit reached; not extracted', severity: 'error' });
        continue;
      }
      const result = await extractOne({ archivePath: path, targetDir: target, label: label(path), limits, total, signal: opts.signal });
      problems.push(...result.problems);
      archives += 1;
      opts.onProgress?.(archives);
      await walk(target, depth + 1);
    }
  };
  await walk(rootDir, 0);
  return { archives, problems };
}

async function isArchive(path: string): Promise<boolean> {
  return archiveKind(path, await readArchiveHead(path)) !== null;
}
