/**
 * Helpers shared by the codebase steps: the pool sized from the runner's settings, resource
 * batches from the database, and the scan options of each step.
 */
import { BATCH_FILES, ScanPool, DEFAULT_SCAN_OPTIONS, type ScanOptions } from '@sca/scanner';
import { BatchWriter, streamQuery, type MessageInput } from '@sca/persistence';
import type { StepContext } from '../../framework/step-context';

/**
 * Files in flight per worker thread: two of the pool's batches, enough that a worker never waits
 * while this thread turns results into rows (and batches them into the database), few enough that
 * the timeout, which starts when a batch is handed to the pool, measures the batch and not a queue.
 */
export const TASKS_PER_WORKER = 2 * BATCH_FILES;

/** The worker pool under the runner's settings (threads, heap limit of each worker). */
export function openPool(ctx: StepContext): ScanPool {
  return new ScanPool({ processes: ctx.scan.processes, workerMemoryMb: ctx.scan.workerMemoryMb });
}

/**
 * The largest file whose content is scanned: the project's `scan_max_file_size` when it is a
 * positive whole number below the runner's ceiling, the ceiling otherwise. The ceiling keeps a
 * project from handing the workers files that no memory limit was sized for.
 */
export function effectiveMaxFileSize(projectSetting: unknown, ceiling: number): number {
  const requested = Number(projectSetting);
  return Number.isInteger(requested) && requested > 0 ? Math.min(requested, ceiling) : ceiling;
}

/** Per-file timeout and size limit from the runner's settings and the project's `scan_max_file_size`; every scanner off. */
export function baseScanOptions(ctx: StepContext): ScanOptions {
  return {
    ...DEFAULT_SCAN_OPTIONS,
    info: false, license: false, copyright: false, email: false, url: false, package: false, packageOnly: false, systemPackages: false,
    maxFileSize: effectiveMaxFileSize(ctx.project.settings['scan_max_file_size'], ctx.scan.maxFileSize),
    timeoutSeconds: ctx.scan.fileTimeoutSeconds,
  };
}

export interface ResourceRow {
  path: string;
  type: 'file' | 'directory' | 'symlink';
  size: number | null;
}

/** Resources with no status yet (the input of most steps), in path order. */
export function resourcesWithoutStatus(ctx: StepContext, filesOnly = false): AsyncGenerator<ResourceRow> {
  return streamQuery<ResourceRow>(
    ctx.db,
    `SELECT path, type, size FROM codebase_resources WHERE project_uuid = $1 AND status = ''${filesOnly ? ` AND type = 'file'` : ''} ORDER BY path`,
    [ctx.project.uuid],
    2000,
  );
}

export async function countWithoutStatus(ctx: StepContext, filesOnly = false): Promise<number> {
  const rows: { n: string }[] = await ctx.db.query(
    `SELECT count(*) AS n FROM codebase_resources WHERE project_uuid = $1 AND status = ''${filesOnly ? ` AND type = 'file'` : ''}`,
    [ctx.project.uuid],
  );
  return Number(rows[0]?.n ?? 0);
}

const MESSAGE_BATCH = 500;

/**
 * Project messages of a step, written in batches: a tree of unreadable or broken files must not
 * cost one database round trip per message. Call `flush` when the step ends.
 */
export class MessageBatch {
  private readonly writer: BatchWriter<MessageInput>;

  constructor(ctx: StepContext) {
    this.writer = new BatchWriter(MESSAGE_BATCH, (batch) => ctx.records.addMessages(batch));
  }

  add(message: MessageInput): Promise<void> {
    return this.writer.add(message);
  }

  /** The `scan_errors` of a scan as ScanCode.io's messages about the resource. */
  async scanErrors(model: string, path: string, errors: readonly string[]): Promise<void> {
    for (const description of errors) await this.add({ severity: 'error', description, model, details: { resource_path: path } });
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}

/** Files flagged `application-package` (manifest or SBOM inputs), in path order. */
export async function applicationPackageFiles(ctx: StepContext): Promise<string[]> {
  const rows: { path: string }[] = await ctx.db.query(
    `SELECT path FROM codebase_resources WHERE project_uuid = $1 AND status = 'application-package' AND type = 'file' ORDER BY path`,
    [ctx.project.uuid],
  );
  return rows.map((r) => r.path);
}
