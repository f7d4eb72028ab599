import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus } from 'node:os';
import Piscina from 'piscina';
import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';
import { RecordScanTask, scanFileRecord, SerializedRecordData } from './record-scan';
import { failedScanOutput, isOutOfMemory, type ScanFailure } from './scan-failure';
import { statementLicenseFields, type StatementLicenseFields, type StatementTask } from '../packages/license-fields';
import { licenseIndexBuffer } from '../license/index-data/index-file';
import type { SourceSymbolsResult, SourceSymbolsTask } from './source-symbols-worker';
import { copyrightHolders } from './copyright-holders';
import { parseSystemDatafile, type SystemDatafileTask } from '../container/rootfs-packages';
import type { RecognizeResult } from '../packages/recognize';
import type { ScanOptions } from './scan-options';

/** A compiled worker; from TypeScript sources (tests) the built copy under dist/ is used. */
function workerFile(name = 'scan-worker.js'): string {
  const here = join(__dirname, name);
  if (existsSync(here)) return here;
  const built = resolve(__dirname, `../../../../dist/libs/scanner/src/scan/${name}`);
  if (existsSync(built)) return built;
  throw new Error(`scan worker not built: run npm run build (looked for ${here} and ${built})`);
}

export function defaultProcesses(): number {
  return Math.max(1, cpus().length);
}

/**
 * Files handed to a worker in one message when their scan reads content for licenses, copyrights,
 * emails or URLs: a round trip per file left the workers idle a sixth of the time.
 */
export const BATCH_FILES = 8;

/**
 * Files per message when no content scanner is on (file info, package data: a millisecond or so
 * each). Batches of 8 cost an npm tree's collection (16,180 files, 2 workers) about a CPU-second of
 * messages and worker wake-ups: 5.0-5.4 s with 64 against 6.0-6.8 s with 8.
 */
export const LIGHT_BATCH_FILES = 64;

/** The files of one message for tasks under these options. */
export function batchFiles(options: ScanOptions): number {
  return options.license || options.copyright || options.email || options.url ? BATCH_FILES : LIGHT_BATCH_FILES;
}

/**
 * Files to keep in flight on a pool for tasks under these options: two batches per worker, so a
 * worker never waits for its next one, and few enough that the timeout, which starts when a batch
 * is handed over, measures the batch and not a queue.
 */
export function tasksInFlight(pool: ScanPool, options: ScanOptions): number {
  return pool.concurrency * 2 * batchFiles(options);
}

/**
 * Heap limit of a scan worker, in MB. Scanning an npm tree of 11,400 files, a worker's heap
 * peaked at 187 MB (59 MB live after a full GC) and 160 MB was the smallest limit under which
 * every file scanned; pathological text needs far more than its size (millions of one-character
 * lines: about 47 bytes of heap per byte). Without a limit V8 lets each worker grow to about
 * 4 GB, more than a runner's container may have. See docs/architecture.md, "Worker memory".
 */
export const DEFAULT_WORKER_MEMORY_MB = 1024;

/** Below this, ordinary large files (bundles, source maps) start to fail and V8 more often aborts the process instead of the worker. */
export const MIN_WORKER_MEMORY_MB = 256;

export interface ScanPoolOptions {
  /** Worker threads (default: the CPU count); 0 scans in this thread, without timeouts or memory limit (for debugging). */
  processes?: number;
  /**
   * V8 heap limit of each worker thread (old generation), in MB. File contents are Buffers
   * outside that heap: the maximum file size bounds them.
   */
  workerMemoryMb?: number;
}

type TaskName = 'default' | 'scanRecord';

interface Queued {
  task: FileScanTask;
  resolve: (result: FileScanOutput | SerializedRecordData) => void;
}

/** Tasks waiting for their batch: of one entry and one batch size. */
interface Queue {
  name: TaskName;
  size: number;
  items: Queued[];
}

/**
 * Per-file scans on worker threads sized to the CPU count, each under a heap limit. Files queued
 * in the same turn of the event loop travel to a worker in batches (see batchFiles). A batch that
 * runs past the per-file timeout has its worker terminated; a batch whose worker runs out of
 * memory (or otherwise dies) loses it. Either way piscina starts a new worker and the batch's
 * files are scanned again one by one, so only the guilty file gets the timeout or out-of-memory
 * error; the scan goes on. `processes: 0` scans in this thread, without timeouts (for debugging).
 */
export class ScanPool {
  private readonly pool: Piscina | null;
  private symbolsPool: Piscina | null = null;
  private readonly processes: number;
  private readonly workerMemoryMb: number;
  private readonly queues = new Map<string, Queue>();
  private flushScheduled = false;

  constructor(options: ScanPoolOptions = {}) {
    this.processes = options.processes ?? defaultProcesses();
    this.workerMemoryMb = options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB;
    if (this.processes === 0) {
      this.pool = null;
      return;
    }
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: this.processes,
      maxThreads: this.processes,
      idleTimeout: 60_000,
      // The young generation is left to V8, which sizes it from this limit (48 MB for 1024 MB).
      resourceLimits: { maxOldGenerationSizeMb: this.workerMemoryMb },
      // The license index file, read once into shared memory: every worker uses the same bytes.
      workerData: { licenseIndex: licenseIndexBuffer() },
    });
    // piscina reports a worker that dies between tasks on the pool, where an unhandled 'error'
    // would end the process. Out of memory there has cost no file (piscina replaces the worker);
    // anything else still ends it, as before.
    this.pool.on('error', (error: Error) => {
      if (!isOutOfMemory(error)) throw error;
    });
  }

  /**
   * Has every worker load the scan engine and libmagic and build its license index now, in the background:
   * a step that keeps this thread and the disks busy without the workers (extracting archives
   * and image layers) hides the seconds that otherwise delay the first scan. Failures surface
   * with the first real task instead.
   */
  warmUp(): void {
    const pool = this.pool;
    if (!pool) return;
    const task: StatementTask[] = [{ statement: 'MIT', path: '' }];
    for (let i = 0; i < this.processes; i++) pool.run(task, { name: 'warmUp' }).catch(() => undefined);
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
    const size = batchFiles(task.options);
    const key = `${name}/${size}`;
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = { name, size, items: [] }));
    const waiting = queue;
    return new Promise((resolve) => {
      waiting.items.push({ task, resolve });
      if (waiting.items.length >= waiting.size) this.send(waiting);
      else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends what every queue holds, in batches of its size. */
  private flush(): void {
    this.flushScheduled = false;
    for (const queue of this.queues.values()) this.send(queue);
  }

  private send(queue: Queue): void {
    const items = queue.items;
    queue.items = [];
    for (let i = 0; i < items.length; i += queue.size) void this.runBatch(queue.name, items.slice(i, i + queue.size));
  }

  private async runBatch(name: TaskName, items: Queued[]): Promise<void> {
    const seconds = items[0].task.options.timeoutSeconds;
    const outcome = await this.run(items.map((q) => q.task), `${name}Batch`, seconds);
    if (Array.isArray(outcome)) {
      items.forEach((q, i) => q.resolve(outcome[i] as FileScanOutput | SerializedRecordData));
      return;
    }
    const limits = { timeoutSeconds: seconds, workerMemoryMb: this.workerMemoryMb };
    if (items.length === 1) {
      items[0].resolve(failedScanOutput(outcome, limits));
      return;
    }
    // Which file was slow, or ran the worker out of memory, is unknown: each is scanned again on its own.
    await Promise.all(items.map(async (q) => {
      const single = await this.run([q.task], `${name}Batch`, seconds);
      q.resolve(Array.isArray(single) ? (single[0] as FileScanOutput | SerializedRecordData) : failedScanOutput(single, limits));
    }));
  }

  /** Runs tasks on a worker under the timeout: the results, or what went wrong. */
  private async run(tasks: FileScanTask[], name: string, seconds: number): Promise<unknown[] | ScanFailure> {
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
    return this.acrossWorkers<StatementTask, StatementLicenseFields>(tasks, 'licenseFields');
  }

  /**
   * The holders of each copyright statement (see copyright-holders.ts), on the workers: the
   * statements of a root's packages take the copyright detector a second or more, which the
   * calling thread has better uses for.
   */
  async copyrightHolders(statements: string[]): Promise<string[][]> {
    if (!this.pool) return statements.map(copyrightHolders);
    return this.acrossWorkers<string, string[]>(statements, 'copyrightHolders');
  }

  /**
   * The installed-database files of a root parsed on the workers (see installedPackagesOfRoot's
   * `parse`): a Debian root's copyright files give the copyright detector seconds of work.
   */
  async systemDatafiles(tasks: SystemDatafileTask[]): Promise<RecognizeResult[]> {
    if (!this.pool) return tasks.map(parseSystemDatafile);
    return this.acrossWorkers<SystemDatafileTask, RecognizeResult>(tasks, 'systemDatafiles');
  }

  /**
   * One call of a worker entry over a list, dealt round-robin into one share per worker (alike
   * items sit together in a list: a walk's copyright files, say) so that the shares weigh about
   * the same; the results in the list's order.
   */
  private async acrossWorkers<T, R>(items: T[], name: string): Promise<R[]> {
    if (items.length === 0) return [];
    const shares = Math.min(this.processes, items.length);
    const dealt = Array.from({ length: shares }, (_, w) => items.filter((_, i) => i % shares === w));
    const results = await Promise.all(dealt.map((share) => this.pool!.run(share, { name }) as Promise<R[]>));
    return items.map((_, i) => results[i % shares][Math.floor(i / shares)]);
  }

  /**
   * Symbols and string literals of JavaScript and TypeScript files, on workers of their own
   * (started at the first call, as many as the scan workers): parsing a minified bundle takes
   * a second.
   */
  async sourceSymbols(tasks: SourceSymbolsTask[]): Promise<SourceSymbolsResult[]> {
    // Loaded when asked for: the TypeScript parser behind it takes a second to load, and only
    // deploy to develop's JavaScript mapping needs it (codescan and the other runs never do).
    if (!this.pool) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load (see above); import() would need an ESM path here
      const worker = require('./source-symbols-worker') as typeof import('./source-symbols-worker');
      return worker.default(tasks);
    }
    this.symbolsPool ??= new Piscina({
      filename: workerFile('source-symbols-worker.js'),
      minThreads: this.processes,
      maxThreads: this.processes,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.workerMemoryMb },
    });
    return (await this.symbolsPool.run(tasks)) as SourceSymbolsResult[];
  }

  async close(): Promise<void> {
    await this.symbolsPool?.destroy();
    await this.pool?.destroy();
  }
}
