import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus } from 'node:os';
import Piscina from 'piscina';
import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';
import { RecordScanTask, scanFileRecord, SerializedRecordData } from './record-scan';
import { statementLicenseFields, type StatementLicenseFields, type StatementTask } from '../packages/license-fields';

/** The compiled worker; from TypeScript sources (tests) the built copy under dist/ is used. */
function workerFile(): string {
  const here = join(__dirname, 'scan-worker.js');
  if (existsSync(here)) return here;
  const built = resolve(__dirname, '../../../../dist/libs/scanner/src/scan/scan-worker.js');
  if (existsSync(built)) return built;
  throw new Error(`scan worker not built: run npm run build (looked for ${here} and ${built})`);
}

export function defaultProcesses(): number {
  return Math.max(1, cpus().length);
}

/** Files handed to a worker in one message: a round trip per file left the workers idle a sixth of the time. */
export const BATCH_FILES = 8;

type TaskName = 'default' | 'scanRecord';

interface Queued {
  name: TaskName;
  task: FileScanTask;
  resolve: (result: FileScanOutput | SerializedRecordData) => void;
}

/**
 * Per-file scans on worker threads sized to the CPU count. Files queued in the same turn of the
 * event loop travel to a worker in batches of BATCH_FILES. A batch that runs past the per-file
 * timeout has its worker terminated (piscina replaces it) and its files are scanned again one by
 * one, so only the file that is slow gets ScanCode's timeout error; the scan goes on.
 * `processes: 0` scans in this thread, without timeouts (for debugging).
 */
export class ScanPool {
  private readonly pool: Piscina | null;
  private queued: Queued[] = [];
  private flushScheduled = false;

  constructor(private readonly processes = defaultProcesses()) {
    this.pool = processes > 0 ? new Piscina({ filename: workerFile(), minThreads: processes, maxThreads: processes, idleTimeout: 60_000 }) : null;
  }

  get concurrency(): number {
    return Math.max(1, this.processes);
  }

  async scan(task: FileScanTask): Promise<FileScanOutput> {
    if (!this.pool) return scanOneFile(task);
    return (await this.enqueue('default', task)) as FileScanOutput;
  }

  /**
   * Scans a file into its serialised toolkit record (see record-scan.ts); a failed or timed-out
   * task yields the error output instead, for the caller to turn into a record.
   */
  async scanRecord(task: RecordScanTask): Promise<SerializedRecordData | FileScanOutput> {
    if (!this.pool) return scanFileRecord(task);
    return this.enqueue('scanRecord', task);
  }

  private enqueue(name: TaskName, task: FileScanTask): Promise<FileScanOutput | SerializedRecordData> {
    return new Promise((resolve) => {
      this.queued.push({ name, task, resolve });
      if (this.queued.length >= BATCH_FILES) this.flush();
      else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const queued = this.queued;
    this.queued = [];
    for (const name of ['default', 'scanRecord'] as const) {
      const items = queued.filter((q) => q.name === name);
      for (let i = 0; i < items.length; i += BATCH_FILES) void this.runBatch(name, items.slice(i, i + BATCH_FILES));
    }
  }

  private async runBatch(name: TaskName, items: Queued[]): Promise<void> {
    const seconds = items[0].task.options.timeoutSeconds;
    const outcome = await this.run(items.map((q) => q.task), `${name}Batch`, seconds);
    if (Array.isArray(outcome)) {
      items.forEach((q, i) => q.resolve(outcome[i] as FileScanOutput | SerializedRecordData));
      return;
    }
    if (items.length === 1) {
      items[0].resolve(failure(outcome, seconds));
      return;
    }
    // Which file was slow (or crashed the worker) is unknown: each is scanned again on its own.
    await Promise.all(items.map(async (q) => {
      const single = await this.run([q.task], `${name}Batch`, seconds);
      q.resolve(Array.isArray(single) ? (single[0] as FileScanOutput | SerializedRecordData) : failure(single, seconds));
    }));
  }

  /** Runs tasks on a worker under the timeout: the results, or what went wrong. */
  private async run(tasks: FileScanTask[], name: string, seconds: number): Promise<unknown[] | 'timeout' | Error> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), seconds * 1000);
    try {
      return (await this.pool!.run(tasks, { name, signal: controller.signal })) as unknown[];
    } catch (error) {
      return controller.signal.aborted ? 'timeout' : (error as Error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * License fields of package license statements, detected on a worker: the license index takes
   * seconds to build, which must not block the calling thread (a runner's heartbeat lives there).
   */
  async licenseFields(tasks: StatementTask[]): Promise<StatementLicenseFields[]> {
    if (!this.pool) return tasks.map(statementLicenseFields);
    return (await this.pool.run(tasks, { name: 'licenseFields' })) as StatementLicenseFields[];
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** The output of a file whose scan timed out or whose worker failed. */
function failure(outcome: 'timeout' | Error, seconds: number): FileScanOutput {
  const message = outcome === 'timeout' ? `ERROR: Processing interrupted: timeout after ${seconds} seconds.` : outcome.message;
  return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [`ERROR: for scanner: all:\n${message}`] };
}
