import { allHandlers, applicationHandlers, type DatafileHandler, type ScanOptions } from '@sca/scanner';
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

/** The key package scans are carried under from collection to the package scan step. */
export function packageScanKey(options: ScanOptions): string {
  return JSON.stringify(options);
}
