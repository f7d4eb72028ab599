import { SerializedToolkitRecord } from '@sca/formats';
import { FileScanTask, scanOneFile } from './file-scan';
import { toolkitRecord } from './toolkit-record';
import type { LicenseNotes } from '../license/types';

/** A file task whose result is the finished `files` record (files have no directory counts). */
export interface RecordScanTask extends FileScanTask {
  topLevelDepth: number;
}

/** What a worker sends back: plain data (class instances lose their prototype in postMessage). */
export interface SerializedRecordData {
  json: string;
  hasErrors: boolean;
  detectionsJson: string | null;
  /** What its license scan knows beyond the record (see RecordLicenseNotes). */
  notes: LicenseNotes | null;
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
  return { json, hasErrors, detectionsJson, notes: out.license?.notes ?? null };
}
