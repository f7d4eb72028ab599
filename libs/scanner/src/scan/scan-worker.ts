import { FileScanOutput, FileScanTask, scanOneFile } from './file-scan';

/** Piscina worker entry: one file per task. The license index loads once per worker. */
export default function scanTask(task: FileScanTask): Promise<FileScanOutput> {
  return scanOneFile(task);
}
