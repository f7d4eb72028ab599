/**
 * Helpers shared by the codebase steps: the pool sized from the settings, resource batches
 * from the database, and the scan options of each step.
 */
import { BATCH_FILES, ScanPool, DEFAULT_SCAN_OPTIONS, type ScanOptions } from '@sca/scanner';
import { BatchWriter, streamQuery, type MessageInput } from '@sca/persistence';
import type { StepContext } from '../../framework/step-context';

/** ScanCode.io's SCANCODEIO_PROCESSES: worker threads for per-file work (default: CPU count). */
export function scanProcesses(): number | undefined {
  const raw = process.env['SCAN_PROCESSES'];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Files in flight per worker thread: two of the pool's batches, enough that a worker never waits
 * while this thread turns results into rows (and batches them into the database), few enough that
 * the timeout, which starts when a batch is handed to the pool, measures the batch and not a queue.
 */
export const TASKS_PER_WORKER = 2 * BATCH_FILES;

export function openPool(): ScanPool {
  return new ScanPool({ processes: scanProcesses() });
}

/** Per-file timeout and size limit: settings `scan_max_file_size`, env SCAN_FILE_TIMEOUT. */
export function baseScanOptions(ctx: StepContext): ScanOptions {
  const maxSize = Number(ctx.project.settings['scan_max_file_size']);
  const timeout = Number(process.env['SCAN_FILE_TIMEOUT']);
  return {
    ...DEFAULT_SCAN_OPTIONS,
    info: false, license: false, copyright: false, email: false, url: false, package: false, packageOnly: false, systemPackages: false,
    maxFileSize: Number.isInteger(maxSize) && maxSize > 0 ? maxSize : DEFAULT_SCAN_OPTIONS.maxFileSize,
    timeoutSeconds: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_SCAN_OPTIONS.timeoutSeconds,
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
