import { BatchWriter, type MessageBatch } from '@sca/persistence';
import type { VirusVerdict } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';
import type { VirusScanCounts } from './virus-scan-summary';

/** ScanCode.io's ProjectMessage model for this pipeline's messages. */
export const VIRUS_MODEL = 'ScanForVirus';
const NOT_SCANNED = 'File not scanned for viruses';
const REPORT_BATCH = 200;
/** Paths named in the one warning about files without stored content. */
const NOT_STORED_SAMPLE = 10;

/**
 * Records verdicts as they come: an infected file gets ScanCode.io's
 * `extra_data.virus_report = {"clamav": {"status", "reason"}}` and one "Virus detected" error
 * message; a file clamd could not scan an error message, one it was never given a warning. Clean
 * files leave no record: only their count. Every path that is not clean is kept, so that a
 * completed scan can clear the reports of earlier runs from the files now clean, and only those.
 */
export class VirusFindings {
  readonly counts: VirusScanCounts;
  /** Paths this run did not find clean: infected, not scanned, or in error. */
  readonly notClean: string[] = [];
  private readonly reports: BatchWriter<{ path: string; patch: Record<string, unknown> }>;
  private readonly messages: MessageBatch;

  constructor(ctx: StepContext, files: number) {
    this.counts = { files, scanned: 0, infected: 0, errors: 0, notScanned: 0 };
    this.reports = new BatchWriter(REPORT_BATCH, (rows) => ctx.resources.mergeExtraData(rows));
    this.messages = ctx.messages.batch();
  }

  async add(verdict: VirusVerdict): Promise<void> {
    const resource_path = verdict.path;
    switch (verdict.outcome) {
      case 'clean':
        this.counts.scanned++;
        return;
      case 'infected': {
        this.counts.scanned++;
        this.counts.infected++;
        this.notClean.push(resource_path);
        const status = 'FOUND';
        const reason = verdict.signature;
        await this.reports.add({ path: resource_path, patch: { virus_report: { clamav: { status, reason } } } });
        await this.messages.add({ severity: 'error', description: 'Virus detected', model: VIRUS_MODEL, details: { status, reason, resource_path } });
        return;
      }
      case 'error':
        this.counts.errors++;
        this.notClean.push(resource_path);
        await this.messages.add({ severity: 'error', description: NOT_SCANNED, model: VIRUS_MODEL, details: { status: 'ERROR', reason: verdict.reason, resource_path } });
        return;
      case 'not-scanned':
        this.counts.notScanned++;
        this.notClean.push(resource_path);
        await this.messages.add({ severity: 'warning', description: NOT_SCANNED, model: VIRUS_MODEL, details: { status: 'NOT_SCANNED', reason: verdict.reason, resource_path } });
        return;
      default: {
        const never: never = verdict;
        throw new Error(`unhandled verdict ${JSON.stringify(never)}`);
      }
    }
  }

  /** Files whose content was never stored: counted as not scanned, one warning for all of them. */
  async notStored(paths: string[]): Promise<void> {
    const count = paths.length;
    if (count === 0) return;
    this.counts.notScanned += count;
    for (const path of paths) this.notClean.push(path);
    await this.messages.add({
      severity: 'warning',
      description: `${count} file${count === 1 ? ' has' : 's have'} no stored content (the project's codebase was not kept, e.g. loaded from a scan) and ${count === 1 ? 'was' : 'were'} not scanned for viruses`,
      model: VIRUS_MODEL,
      details: { count, resource_paths: paths.slice(0, NOT_STORED_SAMPLE) },
    });
  }

  /** Writes what is buffered; every report must be written. */
  async flush(): Promise<{ added: number; written: number }> {
    await this.reports.flush();
    await this.messages.flush();
    return { added: this.reports.added, written: this.reports.written };
  }
}
