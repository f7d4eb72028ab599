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

/**
 * Per-file scans on worker threads sized to the CPU count. A file that runs past the timeout
 * has its worker terminated (piscina replaces it) and gets ScanCode's timeout error; the scan
 * goes on. `processes: 0` scans in this thread, without timeouts (for debugging).
 */
export class ScanPool {
  private readonly pool: Piscina | null;

  constructor(private readonly processes = defaultProcesses()) {
    this.pool = processes > 0 ? new Piscina({ filename: workerFile(), minThreads: processes, maxThreads: processes, idleTimeout: 60_000 }) : null;
  }

  get concurrency(): number {
    return Math.max(1, this.processes);
  }

  async scan(task: FileScanTask): Promise<FileScanOutput> {
    if (!this.pool) return scanOneFile(task);
    return this.run(task, 'default', (result) => result as FileScanOutput);
  }

  /**
   * Scans a file into its serialised toolkit record (see record-scan.ts); a failed or timed-out
   * task yields the error output instead, for the caller to turn into a record.
   */
  async scanRecord(task: RecordScanTask): Promise<SerializedRecordData | FileScanOutput> {
    if (!this.pool) return scanFileRecord(task);
    return this.run(task, 'scanRecord', (result) => result as SerializedRecordData);
  }

  private async run<T>(task: FileScanTask, name: string, cast: (result: unknown) => T): Promise<T | FileScanOutput> {
    const pool = this.pool!;
    const controller = new AbortController();
    const seconds = task.options.timeoutSeconds;
    const timer = setTimeout(() => controller.abort(), seconds * 1000);
    try {
      return cast(await pool.run(task, { name, signal: controller.signal }));
    } catch (error) {
      if (controller.signal.aborted) {
        return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [`ERROR: for scanner: all:\nERROR: Processing interrupted: timeout after ${seconds} seconds.`] };
      }
      return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [`ERROR: for scanner: all:\n${(error as Error).message}`] };
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
