import { allHandlers, applicationHandlers, matchingHandlers, type DatafileHandler, type FileScanTask, type ScanOptions } from '@sca/scanner';
import type { CodebaseFiles } from '../../framework/codebase-files';
import type { StepContext } from '../../framework/step-context';
import { baseScanOptions } from './codebase-files';

/** How a pipeline scans for packages: ScanCode's package_only (every handler, statements left undetected) or not. */
export interface PackageScanPlan {
  packageOnly: boolean;
}

/**
 * The package scan's options. Package data is kept as ScanCode.io stores it on its datafile:
 * license matches without from_file (its packages get the datafile's when assembled).
 */
export function packageScanOptions(ctx: StepContext, plan: PackageScanPlan): ScanOptions {
  return { ...baseScanOptions(ctx), package: true, packageOnly: plan.packageOnly, licenseFromFile: false };
}

/** The handlers a package scan tries: all of them with package_only, else ScanCode's application list. */
export function packageScanHandlers(plan: PackageScanPlan): readonly DatafileHandler[] {
  return plan.packageOnly ? allHandlers() : applicationHandlers();
}

/**
 * The pool task that scans a codebase file for package data, or null when no handler recognises
 * its name. Names are tested first: where a file's bytes are is looked up for the datafiles only
 * (a few in a hundred), with their siblings (a wheel's METADATA reads its RECORD). Collection and
 * the package scan step both build their tasks here, so a carried scan is the step's own.
 */
export function packageScanTask(codebase: CodebaseFiles, handlers: readonly DatafileHandler[], path: string, options: ScanOptions): FileScanTask | null {
  if (matchingHandlers(codebase.absPath(path), handlers).length === 0) return null;
  return { ...codebase.file(path, { siblings: true }), path, type: 'file', options };
}
