import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';
import { RecordScanTask, scanFileRecord, SerializedRecordData } from './record-scan';
import { statementLicenseFields, type StatementLicenseFields, type StatementTask } from '../packages/license-fields';

/** Piscina worker entry: one file per task. The license index loads once per worker. */
export default function scanTask(task: FileScanTask): Promise<FileScanOutput> {
  return scanOneFile(task);
}

/** Piscina worker entry (`name: 'scanRecord'`): one file, answered as its serialised record. */
export function scanRecord(task: RecordScanTask): Promise<SerializedRecordData> {
  return scanFileRecord(task);
}

/** Piscina worker entry (`name: 'licenseFields'`): license fields of package license statements. */
export function licenseFields(tasks: StatementTask[]): StatementLicenseFields[] {
  return tasks.map(statementLicenseFields);
}
