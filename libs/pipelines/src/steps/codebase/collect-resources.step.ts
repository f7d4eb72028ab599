import { RESOURCE_STATUS, type ResourceRecord } from '@sca/contracts';
import { normalizeResource } from '@sca/formats';
import { BatchWriter, type ResourceInput } from '@sca/persistence';
import { tasksInFlight, toolkitRecord, type FileScanOutput } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import { ensureAllWritten } from '../../framework/run-step';
import type { CodebaseFiles } from '../../framework/codebase-files';
import type { StepContext } from '../../framework/step-context';
import { forEachConcurrent } from './concurrent';
import { baseScanOptions } from './codebase-files';
import { packageScanHandlers, packageScanOptions, packageScanTask, type PackageScanPlan } from './package-scan-plan';

const ROOT = 'codebase';
/**
 * Resources per INSERT: this thread builds each statement's JSON while the workers wait for their
 * next files, and 5,000 rows stalled them long enough to cost an npm tree's collection 6% (1,000
 * rows: 6.4-6.6 s against 6.8-7.0 s for 16,180 files).
 */
const INSERT_BATCH = 1000;
const STEP_NAME = 'collect_and_create_codebase_resources';

/** Where a collected resource belongs: its tag, its path inside a root filesystem, extra data. */
export interface ResourcePlace {
  tag: string;
  rootfs_path?: string;
  extra_data?: Record<string, unknown>;
}

/** The place of a codebase path (relative to codebase/), or null to leave the entry out. */
export type ResourcePlacement = (path: string) => ResourcePlace | null;

/**
 * A directory's extension as ScanCode.io records it (commoncode's splitext): the last suffix,
 * with a `.tar` before it kept (`x.tar.gz-extract` -> `.tar.gz-extract`, `org.apache.flume` ->
 * `.flume`); none for a name that only starts with a dot. The toolkit's file info gives
 * directories none.
 */
export function directoryExtension(name: string): string {
  const splitext = (n: string): [string, string] => {
    const lead = n.length - n.replace(/^\.+/, '').length;
    const dot = n.lastIndexOf('.');
    return dot <= lead ? [n, ''] : [n.slice(0, dot), n.slice(dot)];
  };
  const [base, extension] = splitext(name);
  return base.endsWith('.tar') ? `${splitext(base)[1]}${extension}` : extension;
}

/** `from`/`to` first segments tag resources for deploy-to-develop mapping. */
export const codebasePlacement: ResourcePlacement = (path) => {
  const first = path.split('/', 1)[0];
  return { tag: first === 'from' || first === 'to' ? first : '' };
};

/**
 * With a package scan plan, each file a package handler recognises by name also gets its package
 * scan started in the pool, carried to the package scan step (ctx.packageScans): that step then
 * waits for nothing but the scans still running.
 */
function packageScanStarter(ctx: StepContext, codebase: CodebaseFiles, plan: PackageScanPlan | undefined): ((path: string) => void) | null {
  if (!plan) return null;
  const options = packageScanOptions(ctx, plan);
  const handlers = packageScanHandlers(plan);
  const add = ctx.packageScans.start(options);
  return (path) => {
    const task = packageScanTask(codebase, handlers, path, options);
    if (task) add(path, ctx.scanPool().scan(task));
  };
}

/**
 * Walks codebase/ (mounted trees included) and creates one resource per file, directory and symlink with its file info
 * (computed in the worker pool), in batches. Symlinks get status `symlink` and no info; a file
 * that cannot be read gets `resource-read-error` and an error message.
 */
export async function collectCodebaseResources(ctx: StepContext, placement: ResourcePlacement = codebasePlacement, packagePlan?: PackageScanPlan): Promise<number> {
  const options = { ...baseScanOptions(ctx), info: true };
  const codebase = await ctx.codebase();
  const startPackageScan = packageScanStarter(ctx, codebase, packagePlan);
  const stats = await codebase.stats(ROOT);
  const pool = ctx.scanPool();
  const messages = ctx.messages.batch();
  const existing = await ctx.resources.count();
  let done = 0;
  // A project's first collection loads its rows with COPY; one collected again keeps the rows it has.
  const batch = new BatchWriter<ResourceInput>(INSERT_BATCH, (rows) => ctx.resources.insert(rows, { fresh: existing === 0 }));
  const entries = (async function* () {
    for await (const entry of codebase.walk(ROOT)) {
      if (entry.path === ROOT) continue;
      const place = placement(entry.path.slice(ROOT.length + 1));
      if (place) yield { ...entry, place };
    }
  })();
  await forEachConcurrent(
    entries,
    tasksInFlight(pool, options),
    async (entry): Promise<FileScanOutput> => {
      if (entry.type !== 'file') return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [] };
      startPackageScan?.(entry.path.slice(ROOT.length + 1));
      return pool.scan({ absPath: entry.absPath, range: entry.range, path: entry.path, type: entry.type, options });
    },
    async (entry, out) => {
      ctx.throwIfStopped();
      const path = entry.path.slice(ROOT.length + 1);
      const record = toolkitRecord(entry, out, options, undefined, stats.topLevelDepth);
      const [item] = normalizeResource(record, path, done);
      if (item?.kind !== 'resource') throw new Error(`${path}: not a resource (${item?.kind === 'problem' ? item.message : 'nothing'})`);
      const { place } = entry;
      const resource: ResourceInput = { ...(item.record as ResourceRecord), tag: place.tag };
      if (place.rootfs_path !== undefined) resource.rootfs_path = place.rootfs_path;
      if (place.extra_data) resource.extra_data = place.extra_data;
      if (entry.type === 'directory') resource.extension = directoryExtension(resource.name);
      if (entry.type === 'symlink') resource.status = RESOURCE_STATUS.symlink;
      if (out.scan_errors.length > 0) {
        resource.status = RESOURCE_STATUS.readError;
        await messages.scanErrors(STEP_NAME, path, out.scan_errors);
      }
      await batch.add(resource);
      ctx.progress(++done, stats.total);
    },
  );
  await batch.flush();
  await messages.flush();
  // A fresh project gets one row per walked entry; a codebase collected again keeps its rows.
  if (existing === 0) ensureAllWritten(STEP_NAME, 'resource', batch);
  return batch.written;
}

/** The step; with a package scan plan, the datafiles' package scans start during collection (see packageScanStarter). */
export function collectAndCreateCodebaseResourcesStep(packagePlan?: PackageScanPlan) {
  return defineStep({
    name: STEP_NAME,
    doc: 'Collect and create codebase resources.',
    codebaseFinal: true,
    async run(ctx) {
      const n = await collectCodebaseResources(ctx, codebasePlacement, packagePlan);
      // The codebase's resources are all in: their statistics are gathered while the next steps start.
      ctx.resources.analyzeWhenCollected();
      ctx.log(`${n} codebase resources created`);
    },
  });
}

export const collectAndCreateCodebaseResources = collectAndCreateCodebaseResourcesStep();
