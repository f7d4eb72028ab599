/**
 * The whole-toolkit scan of scan_single_package's `run_scan`: every scanner plus packages and
 * the summary over codebase/, written as ScanCode-toolkit JSON into output/ (the file that
 * `load_inventory_from_toolkit_scan` then loads).
 */
import { basename, join } from 'node:path';
import { writeToolkitJson } from '@sca/formats';
import { DEFAULT_SCAN_OPTIONS, LicenseReferenceFollower, LicenseReviewCollector, PackageCollector, scanCodebase, toolkitLicenseReferences, type ScanOptions } from '@sca/scanner';
import type { StepContext } from '../framework/step-context';
import { baseScanOptions } from './codebase/codebase-files';

const TOOL_VERSION = '0.1.0 (codescan)';

/** ScanCode.io's output timestamp, `2024-02-21-10-21-36`. */
export function outputTimestamp(d = new Date()): string {
  return d.toISOString().slice(0, 19).replace(/[T:]/g, '-');
}

export async function runToolkitScan(ctx: StepContext, model: string): Promise<string> {
  const options: ScanOptions = { ...DEFAULT_SCAN_OPTIONS, ...baseScanOptions(ctx), info: true, license: true, copyright: true, email: true, url: true, package: true, licenseText: true, licenseDiagnostics: true, licenseTextDiagnostics: true, todo: true };
  const outPath = join(ctx.dirs.output, `scancode-${outputTimestamp()}.json`);
  const collector = new PackageCollector(ctx.dirs.codebase, (m) => ctx.log(m), { summary: true });
  const errors: { path: string; errors: string[] }[] = [];
  const records = (async function* () {
    for await (const r of collector.tap(scanCodebase(ctx.dirs.codebase, { options, processes: ctx.scan.processes, workerMemoryMb: ctx.scan.workerMemoryMb, signal: ctx.signal, onProgress: (n) => ctx.progress(n, n) }))) {
      const rec = r as unknown as { json?: string; hasErrors?: boolean; scan_errors?: string[]; path?: string };
      if (rec.hasErrors && rec.json) {
        const parsed = JSON.parse(rec.json) as { path: string; scan_errors: string[] };
        errors.push({ path: parsed.path, errors: parsed.scan_errors });
      } else if (rec.scan_errors?.length) errors.push({ path: String(rec.path), errors: rec.scan_errors });
      yield r;
    }
  })();
  const startedAt = new Date();
  await writeToolkitJson(outPath, records, {
    toolVersion: TOOL_VERSION,
    options: { input: ['codebase'], '--copyright': true, '--email': true, '--info': true, '--license': true, '--license-text': true, '--license-diagnostics': true, '--license-text-diagnostics': true, '--license-references': true, '--package': true, '--url': true, '--classify': true, '--summary': true, '--todo': true },
    startedAt,
    finalize: (followed) => collector.finalize(followed),
    followReferences: new LicenseReferenceFollower(basename(ctx.dirs.codebase)),
    review: new LicenseReviewCollector(),
    references: toolkitLicenseReferences,
  });
  const messages = ctx.messages.batch();
  // Paths in the scan start with the codebase directory's name; messages name the resource.
  for (const e of errors) await messages.scanErrors(model, e.path.replace(/^codebase\//, ''), e.errors);
  await messages.flush();
  return outPath;
}
