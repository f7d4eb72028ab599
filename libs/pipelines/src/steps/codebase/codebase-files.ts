/** Helpers shared by the codebase steps: the scan options of each step. */
import { DEFAULT_SCAN_OPTIONS, type ScanOptions } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';

/**
 * The largest file whose content is scanned: the project's `scan_max_file_size` when it is a
 * positive whole number below the runner's ceiling, the ceiling otherwise. The ceiling keeps a
 * project from handing the workers files that no memory limit was sized for.
 */
export function effectiveMaxFileSize(projectSetting: unknown, ceiling: number): number {
  const requested = Number(projectSetting);
  return Number.isInteger(requested) && requested > 0 ? Math.min(requested, ceiling) : ceiling;
}

/** Per-file timeout and size limit from the runner's settings and the project's `scan_max_file_size`; every scanner off. */
export function baseScanOptions(ctx: StepContext): ScanOptions {
  return {
    ...DEFAULT_SCAN_OPTIONS,
    info: false, license: false, copyright: false, email: false, url: false, package: false, packageOnly: false, systemPackages: false,
    maxFileSize: effectiveMaxFileSize(ctx.project.settings['scan_max_file_size'], ctx.scan.maxFileSize),
    timeoutSeconds: ctx.scan.fileTimeoutSeconds,
  };
}
