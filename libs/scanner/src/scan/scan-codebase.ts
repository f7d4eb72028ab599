import { basename, resolve } from 'node:path';
import { FileScanOutput } from './file-scan';
import { ScanOptions } from './scan-options';
import { ScanPool } from './scan-pool';
import { toolkitRecord, ToolkitFileRecord } from './toolkit-record';
import { treeStats } from './tree-stats';
import { walkTree, WalkEntry } from './walk';

export interface CodebaseScanOptions {
  options: ScanOptions;
  processes?: number;
  onStart?: (total: number) => void;
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

/**
 * Scans a tree and yields ScanCode-toolkit `files` records in walk order. Up to four tasks
 * per worker are in flight; results are emitted in order, so memory is bounded by that
 * window, not by the tree.
 */
export async function* scanCodebase(root: string, opts: CodebaseScanOptions): AsyncGenerator<ToolkitFileRecord> {
  const rootAbs = resolve(root);
  const rootName = basename(rootAbs);
  const { total, dirs, topLevelDepth } = await treeStats(rootAbs, rootName);
  opts.onStart?.(total);
  const pool = new ScanPool(opts.processes);
  const window: { entry: WalkEntry; result: Promise<FileScanOutput> }[] = [];
  const limit = pool.concurrency * 4;
  let done = 0;
  try {
    for await (const entry of walkTree(rootAbs, rootName)) {
      if (opts.signal?.aborted) throw new Error('Scan aborted');
      window.push({ entry, result: pool.scan({ absPath: entry.absPath, path: entry.path, type: entry.type, options: opts.options }) });
      while (window.length >= limit) yield await emit(window.shift()!);
    }
    while (window.length > 0) yield await emit(window.shift()!);
  } finally {
    await Promise.allSettled(window.map((w) => w.result));
    await pool.close();
  }

  async function emit(item: { entry: WalkEntry; result: Promise<FileScanOutput> }): Promise<ToolkitFileRecord> {
    const out = await item.result;
    opts.onProgress?.(++done);
    return toolkitRecord(item.entry, out, opts.options, dirs.get(item.entry.path), topLevelDepth);
  }
}
