import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';
import { RecordScanTask, scanFileRecord, SerializedRecordData } from './record-scan';

/** Piscina worker entry: one file per task. The license index loads once per worker. */
export default function scanTask(task: FileScanTask): Promise<FileScanOutput> {
  return scanOneFile(task);
}

/** Piscina worker entry (`name: 'scanRecord'`): one file, answered as its serialised record. */
export function scanRecord(task: RecordScanTask): Promise<SerializedRecordData> {
  return scanFileRecord(task);
}
