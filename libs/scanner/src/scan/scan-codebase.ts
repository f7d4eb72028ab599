import { basename, resolve } from 'node:path';
import { SerializedToolkitRecord } from '@sca/formats';
import { fileScanReadsContent, FileScanOutput, scanOneFile } from './file-scan';
import { ScanOptions } from './scan-options';
import { SerializedRecordData } from './record-scan';
import { ScanPool, tasksInFlight } from './scan-pool';
import { toolkitRecord, ToolkitFileRecord } from './toolkit-record';
import { treeStats } from './tree-stats';
import { walkTree, WalkEntry } from './walk';

export interface CodebaseScanOptions {
  options: ScanOptions;
  processes?: number;
  /** Heap limit of each scan worker, in MB (default: DEFAULT_WORKER_MEMORY_MB). */
  workerMemoryMb?: number;
  onStart?: (total: number) => void;
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

/**
 * Results kept for in-order output: a slow file holds back the output, and once the window is
 * full the walk, so the other workers run dry. 512 left the workers of a 2-core scan of an npm
 * tree waiting 1.2 to 1.5 s each; the records kept are serialised (about 2 KB each).
 */
const REORDER_WINDOW = 4096;

interface Pending {
  entry: WalkEntry;
  result: Promise<FileScanOutput | SerializedRecordData>;
  settled: boolean;
}

/**
 * Scans a tree and yields ScanCode-toolkit `files` records in walk order (file records come
 * serialised by the worker that scanned them, see record-scan.ts). Files go to the
 * worker pool, at most two batches per worker at a time (so the timeout, which starts when a
 * batch is handed over, measures the batch and not a queue); directories and symlinks
 * need no I/O and are done here. Finished results wait in a bounded reorder window and are
 * emitted in walk order, so memory is bounded by that window, not by the tree.
 */
export async function* scanCodebase(root: string, opts: CodebaseScanOptions): AsyncGenerator<ToolkitFileRecord | SerializedToolkitRecord> {
  const rootAbs = resolve(root);
  const rootName = basename(rootAbs);
  // The workers boot (and load the license index) while the tree is counted.
  const pool = new ScanPool({ processes: opts.processes, workerMemoryMb: opts.workerMemoryMb });
  let stats: Awaited<ReturnType<typeof treeStats>>;
  try {
    // The counts feed the directory records' file info and the progress; with neither, the
    // tree is listed once, by the walk.
    stats = opts.options.info || opts.onStart ? await treeStats(rootAbs, rootName, new Map(), { sizes: opts.options.info }) : { total: 0, dirs: new Map(), topLevelDepth: 1 };
  } catch (e) {
    await pool.close();
    throw e;
  }
  const { total, dirs, topLevelDepth } = stats;
  opts.onStart?.(total);
  const window: Pending[] = [];
  const slots = new Slots(tasksInFlight(pool, opts.options));
  let done = 0;
  try {
    for await (const entry of walkTree(rootAbs, rootName)) {
      if (opts.signal?.aborted) throw new Error('Scan aborted');
      const task = { absPath: entry.absPath, path: entry.path, type: entry.type, options: opts.options };
      let result: Promise<FileScanOutput | SerializedRecordData>;
      if (entry.type === 'file' && fileScanReadsContent(task)) {
        await slots.acquire();
        result = pool.scanRecord({ ...task, topLevelDepth });
        result.then(slots.release, slots.release);
      } else result = scanOneFile(task); // directories, symlinks and files nothing reads: no I/O, no worker
      const item: Pending = { entry, result, settled: false };
      result.then(() => (item.settled = true), () => (item.settled = true));
      window.push(item);
      while (window.length > 0 && (window[0].settled || window.length >= REORDER_WINDOW)) yield await emit(window.shift()!);
    }
    while (window.length > 0) yield await emit(window.shift()!);
  } finally {
    await Promise.allSettled(window.map((w) => w.result));
    await pool.close();
  }

  async function emit(item: Pending): Promise<ToolkitFileRecord | SerializedToolkitRecord> {
    const out = await item.result;
    opts.onProgress?.(++done);
    if ('json' in out) return new SerializedToolkitRecord(out.json, out.hasErrors, out.detectionsJson, out.notes);
    return toolkitRecord(item.entry, out, opts.options, dirs.get(item.entry.path), topLevelDepth);
  }
}

/** A counting semaphore. */
class Slots {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}

  acquire(): Promise<void> | void {
    if (this.free > 0) {
      this.free--;
      return;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  readonly release = (): void => {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  };
}
