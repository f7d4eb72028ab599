import type { ResourceRecord } from '@sca/contracts';
import { normalizeResource } from '@sca/formats';
import { BatchBuffer, type ResourceInput } from '@sca/persistence';
import { toolkitRecord, treeStats, walkTree, type FileScanOutput } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { forEachConcurrent } from './concurrent';
import { baseScanOptions, MessageBatch, openPool, TASKS_PER_WORKER } from './codebase-files';

const ROOT = 'codebase';
const INSERT_BATCH = 5000;

/** `from`/`to` first segments tag resources for deploy-to-develop mapping. */
function tagOf(path: string): string {
  const first = path.split('/', 1)[0];
  return first === 'from' || first === 'to' ? first : '';
}

/**
 * Walks codebase/ and creates one resource per file, directory and symlink with its file info
 * (computed in the worker pool), in batches. Symlinks get status `symlink` and no info; a file
 * that cannot be read gets `resource-read-error` and an error message.
 */
export async function collectCodebaseResources(ctx: StepContext): Promise<number> {
  const options = { ...baseScanOptions(ctx), info: true };
  const stats = await treeStats(ctx.dirs.codebase, ROOT);
  const pool = openPool();
  const messages = new MessageBatch(ctx);
  let created = 0;
  let done = 0;
  const batch = new BatchBuffer<ResourceInput>(INSERT_BATCH, async (rows) => {
    created += await ctx.records.insertResources(rows);
  });
  try {
    const entries = (async function* () {
      for await (const entry of walkTree(ctx.dirs.codebase, ROOT)) if (entry.path !== ROOT) yield entry;
    })();
    await forEachConcurrent(
      entries,
      pool.concurrency * TASKS_PER_WORKER,
      async (entry): Promise<FileScanOutput> => {
        if (entry.type !== 'file') return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [] };
        return pool.scan({ absPath: entry.absPath, path: entry.path, type: entry.type, options });
      },
      async (entry, out) => {
        ctx.throwIfStopped();
        const path = entry.path.slice(ROOT.length + 1);
        const record = toolkitRecord(entry, out, options, undefined, stats.topLevelDepth);
        const [item] = normalizeResource(record, path, done);
        if (item?.kind !== 'resource') return;
        const resource: ResourceInput = { ...(item.record as ResourceRecord), tag: tagOf(path) };
        if (entry.type === 'symlink') resource.status = 'symlink';
        if (out.scan_errors.length > 0) {
          resource.status = 'resource-read-error';
          await messages.scanErrors('collect_and_create_codebase_resources', path, out.scan_errors);
        }
        await batch.add(resource);
        ctx.progress(++done, stats.total);
      },
    );
    await batch.flush();
    await messages.flush();
  } finally {
    await pool.close();
  }
  return created;
}

export const collectAndCreateCodebaseResources = defineStep({
  name: 'collect_and_create_codebase_resources',
  doc: 'Collect and create codebase resources.',
  codebaseFinal: true,
  async run(ctx) {
    const n = await collectCodebaseResources(ctx);
    ctx.log(`${n} codebase resources created`);
  },
});
