import { SerializedToolkitRecord } from '@sca/formats';
import { FileScanTask, scanOneFile } from './file-scan';
import { toolkitRecord } from './toolkit-record';

/** A file task whose result is the finished `files` record (files have no directory counts). */
export interface RecordScanTask extends FileScanTask {
  topLevelDepth: number;
}

/** What a worker sends back: plain data (class instances lose their prototype in postMessage). */
export interface SerializedRecordData {
  json: string;
  hasErrors: boolean;
  detectionsJson: string | null;
  /** The files its license rules name, by rule, when some do. */
  ruleReferences: Record<string, string[]> | null;
  /** The sizes of its groups of license clues, when it has clues. */
  clueGroups: number[] | null;
}

/**
 * Scans one file and serialises its ScanCode-toolkit record where the scan ran: a JSON string
 * crosses the thread boundary far more cheaply than a structured clone of the record, and the
 * writer then only appends it.
 */
export async function scanFileRecord(task: RecordScanTask): Promise<SerializedRecordData> {
  const out = await scanOneFile(task);
  const record = toolkitRecord(task, out, task.options, undefined, task.topLevelDepth);
  const { json, hasErrors, detectionsJson } = SerializedToolkitRecord.of(record);
  return { json, hasErrors, detectionsJson, ruleReferences: out.license?.ruleReferences ?? null, clueGroups: out.license?.clueGroups ?? null };
}
