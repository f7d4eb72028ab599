import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';
import { RecordScanTask, scanFileRecord, SerializedRecordData } from './record-scan';
import { workerData } from 'node:worker_threads';
import { statementLicenseFields, type StatementLicenseFields, type StatementTask } from '../packages/license-fields';
import { useLicenseIndexBuffer } from '../license/index-data/index-file';
import { copyrightHolders as holdersOf } from './copyright-holders';
import { loadMagic } from '../info/magic-detector';
import { warmFileInfo } from '../info/warm-file-info';
import { warmCopyrightDetector } from '../copyright/detect-copyrights';
import { parseSystemDatafile, type SystemDatafileTask } from '../container/rootfs-packages';
import { keepingSourcesOpen } from '../archive/archive-tree';
import type { RecognizeResult } from '../packages/recognize';

// The pool hands every worker the index bytes it read once (a SharedArrayBuffer): no copy per worker.
const shared = (workerData as { licenseIndex?: unknown } | null)?.licenseIndex;
if (shared instanceof SharedArrayBuffer) useLicenseIndexBuffer(shared);

/**
 * Piscina worker entry (`name: 'defaultBatch'`): files scanned one after the other, the archives
 * their bytes are read from kept open for the batch. The license index loads once per worker.
 */
export function defaultBatch(tasks: FileScanTask[]): Promise<FileScanOutput[]> {
  return keepingSourcesOpen(async () => {
    const out: FileScanOutput[] = [];
    for (const task of tasks) out.push(await scanOneFile(task));
    return out;
  });
}

/** Piscina worker entry (`name: 'scanRecordBatch'`): files scanned into their serialised records. */
export function scanRecordBatch(tasks: RecordScanTask[]): Promise<SerializedRecordData[]> {
  return keepingSourcesOpen(async () => {
    const out: SerializedRecordData[] = [];
    for (const task of tasks) out.push(await scanFileRecord(task));
    return out;
  });
}

/** Piscina worker entry (`name: 'licenseFields'`): license fields of package license statements. */
export function licenseFields(tasks: StatementTask[]): StatementLicenseFields[] {
  return tasks.map(statementLicenseFields);
}


/** Piscina worker entry (`name: 'copyrightHolders'`): the holders of each copyright statement. */
export function copyrightHolders(statements: string[]): string[][] {
  return statements.map(holdersOf);
}

/**
 * Piscina worker entry (`name: 'warmUp'`): what a worker's first files would otherwise wait for,
 * done ahead: libmagic loaded and file info's code compiled, the copyright detector's expressions
 * compiled and the license index built (the statements' fields).
 */
export async function warmUp(tasks: StatementTask[]): Promise<StatementLicenseFields[]> {
  warmed ??= warmEngine().catch((error: unknown) => {
    warmed = null;
    throw error;
  });
  await warmed;
  return licenseFields(tasks);
}

/**
 * Once per worker: a pool kept between runs is asked to warm up again by each run's first step,
 * and warming file info and the copyright detector again cost each worker about a CPU-second
 * there, beside the archive mount the run was waiting for.
 */
let warmed: Promise<void> | null = null;

async function warmEngine(): Promise<void> {
  await loadMagic();
  await warmFileInfo();
  warmCopyrightDetector();
}

/** Piscina worker entry (`name: 'systemDatafiles'`): installed-database files of a root, parsed. */
export function systemDatafiles(tasks: SystemDatafileTask[]): RecognizeResult[] {
  return tasks.map(parseSystemDatafile);
}
