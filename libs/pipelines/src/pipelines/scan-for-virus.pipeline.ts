import { definePipeline } from '../framework/define';
import { scanForVirusStep } from '../steps/virus/scan-for-virus.step';

/**
 * ScanCode.io's ScanForVirus: an add-on that runs after any pipeline that left a codebase (its
 * results URL is the project's `resources/?extra_data=virus_report`).
 */
export const scanForVirusPipeline = definePipeline({
  name: 'scan_for_virus',
  summary: 'Run a ClamAV scan on the codebase directory to detect virus infection.',
  description: '',
  downloadInputs: false,
  isAddon: true,
  steps: [scanForVirusStep],
});
