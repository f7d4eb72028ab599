import { posix } from 'node:path';
import { detectCopyrights, textLines, type InstalledPackage, type Package } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';
import { baseScanOptions } from '../codebase/codebase-files';

const COPYRIGHT_DATASOURCE = 'debian_copyright_in_package';

/** The Debian copyright file a package was merged with (`<root>/usr/share/doc/<name>/copyright`), if any. */
function copyrightFile(pkg: Package): string | null {
  if (!pkg.datasource_ids.includes(COPYRIGHT_DATASOURCE)) return null;
  return pkg.datafile_paths.find((p) => p.endsWith('/copyright')) ?? null;
}

/**
 * The license fields and holders of a root's installed packages, detected in the run's worker
 * pool (the license index takes seconds to build and must not block the runner's thread, where
 * its heartbeat lives), as ScanCode's system-package scan gives them:
 * - a license statement (apk `L:`, rpm License, the License fields of a machine-readable Debian
 *   copyright file) gives the declared license;
 * - an unstructured Debian copyright file (no statement) gets license detection over its whole
 *   text (ScanCode's UnstructuredCopyrightProcessor), with its line numbers;
 * - the holders are those the copyright detector finds in the package's copyright statements
 *   (fast, and no license index: on this thread).
 * `rootDirOf` gives the absolute directory whose name starts a package's datafile paths (its
 * layer or root filesystem).
 */
export async function detectSystemPackageLicenses<P extends InstalledPackage>(ctx: StepContext, packages: readonly P[], rootDirOf: (p: P) => string): Promise<void> {
  const pool = ctx.scanPool();
  const withStatement = packages.map((p) => p.package).filter((p) => p.extracted_license_statement && !p.declared_license_expression);
  const fields = await pool.licenseFields(withStatement.map((p) => ({ statement: p.extracted_license_statement as string, path: copyrightFile(p) ?? p.datafile_paths[0] ?? '' })));
  withStatement.forEach((p, i) => Object.assign(p, fields[i]));

  for (const { package: p } of packages) {
    if (p.holder || !p.copyright) continue;
    const holders = detectCopyrights(textLines(Buffer.from(p.copyright))).holders.map((h) => h.holder);
    p.holder = [...new Set(holders)].join('\n') || null;
  }

  const options = { ...baseScanOptions(ctx), license: true };
  const codebase = await ctx.codebase();
  const unstructured = packages.filter(({ package: p }) => !p.extracted_license_statement && !p.declared_license_expression && copyrightFile(p));
  await Promise.all(unstructured.map(async (installed) => {
    const p = installed.package;
    const file = copyrightFile(p) as string;
    ctx.throwIfStopped();
    const absPath = posix.join(posix.dirname(rootDirOf(installed)), file);
    const inCodebase = posix.relative(ctx.dirs.codebase, absPath);
    const where = inCodebase.startsWith('..') ? { absPath } : codebase.file(inCodebase);
    const out = await pool.scan({ ...where, path: file, type: 'file', options });
    if (out.scan_errors.length > 0) {
      await ctx.messages.warning('collect_and_create_system_packages', `${file}: ${out.scan_errors.join('; ')}`, { resource_path: file });
      return;
    }
    if (!out.license) return;
    p.declared_license_expression = out.license.detected_license_expression;
    p.declared_license_expression_spdx = out.license.detected_license_expression_spdx;
    p.license_detections = out.license.license_detections as unknown as Record<string, unknown>[];
  }));
}
