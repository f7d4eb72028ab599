import { RESOURCE_STATUS, type ResourceRecord, type ResourceStatus } from '@sca/contracts';
import { tasksInFlight, type FileScanOutput } from '@sca/scanner';
import { BatchWriter, type ResourceRow } from '@sca/persistence';
import { defineStep } from '../../framework/define';
import { ensureAllWritten } from '../../framework/run-step';
import type { StepContext } from '../../framework/step-context';
import { forEachConcurrent } from './concurrent';
import { everyResourceHasStatus } from './invariants';
import { baseScanOptions } from './codebase-files';

const SCAN_COLUMNS: (keyof ResourceRecord)[] = [
  'status', 'detected_license_expression', 'detected_license_expression_spdx', 'license_detections', 'license_clues',
  'percentage_of_license_text', 'copyrights', 'holders', 'authors', 'emails', 'urls',
];
const UPDATE_BATCH = 1000;
const STEP_NAME = 'scan_for_files';

type ScanUpdate = Pick<ResourceRecord, 'path' | 'status' | 'detected_license_expression' | 'detected_license_expression_spdx' | 'license_detections' | 'license_clues' | 'percentage_of_license_text' | 'copyrights' | 'holders' | 'authors' | 'emails' | 'urls'>;

function scanUpdate(path: string, out: FileScanOutput | null, status: ResourceStatus): ScanUpdate {
  const l = out?.license;
  const c = out?.copyright;
  return {
    path,
    status,
    detected_license_expression: l?.detected_license_expression ?? '',
    detected_license_expression_spdx: l?.detected_license_expression_spdx ?? '',
    license_detections: (l?.license_detections ?? []) as unknown as Record<string, unknown>[],
    license_clues: (l?.license_clues ?? []) as unknown as Record<string, unknown>[],
    // ScanCode.io keeps only truthy scan values (set_scan_results): no license text stays null.
    percentage_of_license_text: l?.percentage_of_license_text || null,
    copyrights: c?.copyrights ?? [],
    holders: c?.holders ?? [],
    authors: c?.authors ?? [],
    emails: out?.emails ?? [],
    urls: out?.urls ?? [],
  } as ScanUpdate;
}

/** Which resources a scan reads, and the status each gets when its scan has no error. */
export interface ScanSelection {
  rows: AsyncIterable<ResourceRow> | Iterable<ResourceRow>;
  total: number;
  /** `scanned` unless given (the d2d steps keep their own statuses). */
  status?: ResourceStatus;
}

/**
 * ScanCode.io's scan_for_files: licenses (with matched text), copyrights, emails and URLs for
 * every resource without a status, in the worker pool. Directories end `scanned` with empty
 * results; files over `scan_max_file_size` get `ignored-by-max-file-size` and are not read.
 */
export function scanForFiles(ctx: StepContext, model: string): Promise<void> {
  return ctx.resources.countWithoutStatus().then((total) => scanResources(ctx, model, { rows: ctx.resources.withoutStatus(), total }));
}

/** scan_for_files over a selection of resources. */
export async function scanResources(ctx: StepContext, model: string, selection: ScanSelection): Promise<void> {
  // As ScanCode.io's scans of a resource, which know no path: license matches without from_file.
  const options = { ...baseScanOptions(ctx), license: true, copyright: true, email: true, url: true, licenseFromFile: false };
  const { total } = selection;
  const doneStatus = selection.status ?? RESOURCE_STATUS.scanned;
  const pool = ctx.scanPool();
  const codebase = await ctx.codebase();
  const messages = ctx.messages.batch();
  const results = new BatchWriter<ScanUpdate>(UPDATE_BATCH, (rows) => ctx.resources.update(rows, SCAN_COLUMNS));
  const save = async (u: ScanUpdate) => {
    await results.add(u);
    ctx.progress(results.added, total);
  };
  await forEachConcurrent(
    selection.rows,
    tasksInFlight(pool, options),
    async (r): Promise<FileScanOutput | null> => {
      if (r.type !== 'file' || (r.size ?? 0) >= options.maxFileSize) return null;
      return pool.scan({ ...codebase.file(r.path), path: r.path, type: 'file', options });
    },
    async (r, out) => {
      ctx.throwIfStopped();
      if (r.type === 'file' && (r.size ?? 0) >= options.maxFileSize) return save(scanUpdate(r.path, null, RESOURCE_STATUS.ignoredByMaxFileSize));
      if (out && out.scan_errors.length > 0) {
        await messages.scanErrors(model, r.path, out.scan_errors);
        return save(scanUpdate(r.path, out, RESOURCE_STATUS.scannedWithError));
      }
      return save(scanUpdate(r.path, out, doneStatus));
    },
  );
  await results.flush();
  await messages.flush();
  ensureAllWritten(model, 'scan result', results);
  ctx.log(`${results.written} resource(s) scanned`);
}

export const scanForFilesStep = defineStep({
  name: STEP_NAME,
  doc: 'Scan unknown resources for copyrights, licenses, emails, and urls.',
  ensures: [everyResourceHasStatus],
  run: (ctx) => scanForFiles(ctx, STEP_NAME),
});
