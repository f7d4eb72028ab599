import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { isWhitespaceOnly, WHITESPACE_FILE_MAX_SIZE } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { saveEcosystemConfig } from './d2d-config';

async function readSmallFile(ctx: StepContext, path: string): Promise<Buffer | null> {
  const handle = await open(join(ctx.dirs.codebase, path)).catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(WHITESPACE_FILE_MAX_SIZE);
    const { bytesRead } = await handle.read(buffer, 0, WHITESPACE_FILE_MAX_SIZE, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const flagWhitespaceFiles = defineStep({
  name: 'flag_whitespace_files',
  doc: 'Flag whitespace files with size less than or equal to 100 byte as ignored.',
  async run(ctx) {
    const small = (await ctx.d2dResources.list({ type: 'file', noStatus: true })).filter((r) => r.size !== null && r.size > 0 && r.size <= WHITESPACE_FILE_MAX_SIZE);
    const ids: number[] = [];
    for (const r of small) {
      const content = await readSmallFile(ctx, r.path);
      if (content && isWhitespaceOnly(content)) ids.push(r.id);
    }
    ctx.log(`${await ctx.d2dResources.setStatus(ids, RESOURCE_STATUS.ignoredWhitespaceFile)} whitespace file(s) flagged`);
  },
});

export const loadEcosystemConfigStep = defineStep({
  name: 'load_ecosystem_config',
  doc: 'Load ecosystem specific configurations for d2d steps for selected options.',
  async run(ctx) {
    const config = await saveEcosystemConfig(ctx);
    ctx.log(`Deployed path exclusions: ${config.deployedResourcePathExclusions.join(', ')}`);
  },
});

export const mapRuby = defineStep({
  name: 'map_ruby',
  doc: 'Load Ruby specific configurations for d2d steps.',
  groups: ['Ruby'],
  // The Ruby config is loaded by load_ecosystem_config when Ruby is selected; this step only
  // makes Ruby a group that can be selected, as in ScanCode.io.
  async run() {},
});

export const flagMappedResourcesArchivesAndIgnoredDirectories = defineStep({
  name: 'flag_mapped_resources_archives_and_ignored_directories',
  doc: 'Flag all codebase resources that were mapped during the pipeline.',
  async run(ctx) {
    const mapped = await ctx.d2dResources.flagMapped();
    const directories = await ctx.d2dResources.flagIgnoredDirectories();
    const archives = await flagProcessedArchives(ctx);
    ctx.log(`${mapped} mapped, ${directories} ignored director${directories === 1 ? 'y' : 'ies'}, ${archives} processed archive(s)`);
  },
});

/** The index of the first of sorted `paths` not before `prefix`. */
function lowerBound(paths: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (paths[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A to/ archive without a status whose whole `-extract/` tree has statuses gets
 * `archive-processed`; archives are taken deepest path first, so that a processed inner
 * archive counts for the outer one, as in ScanCode.io.
 */
async function flagProcessedArchives(ctx: StepContext): Promise<number> {
  const unflagged = await ctx.d2dResources.list({ side: 'to', noStatus: true });
  const paths = unflagged.map((r) => r.path).sort();
  const processed = new Set<string>();
  const archives = unflagged.filter((r) => r.is_archive).sort((a, b) => (a.path < b.path ? 1 : -1));
  const ids: number[] = [];
  for (const archive of archives) {
    const prefix = `${archive.path}-extract`;
    let pending = false;
    for (let i = lowerBound(paths, prefix); i < paths.length && paths[i].startsWith(prefix); i++) {
      if (!processed.has(paths[i])) {
        pending = true;
        break;
      }
    }
    if (pending) continue;
    processed.add(archive.path);
    ids.push(archive.id);
  }
  return ctx.d2dResources.setStatus(ids, RESOURCE_STATUS.archiveProcessed);
}
