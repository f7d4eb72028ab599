import { posix } from 'node:path';
import type { InstalledPackage, Package } from '@sca/scanner';
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
 * - the holders are those the copyright detector finds in the package's copyright statements.
 * `rootDirOf` gives the absolute directory whose name starts a package's datafile paths (its
 * layer or root filesystem).
 */
export async function detectSystemPackageLicenses<P extends InstalledPackage>(ctx: StepContext, packages: readonly P[], rootDirOf: (p: P) => string): Promise<void> {
  // Three independent sets of packages (a statement; no statement but a copyright file; a
  // copyright but no holder yet), each detected on the workers, all at once: every worker has
  // a share while this thread waits.
  const withStatement = packages.map((p) => p.package).filter((p) => p.extracted_license_statement && !p.declared_license_expression);
  const withoutHolder = packages.map((p) => p.package).filter((p) => !p.holder && p.copyright);
  const unstructured = packages.filter(({ package: p }) => !p.extracted_license_statement && !p.declared_license_expression && copyrightFile(p));
  await Promise.all([
    statementLicenses(ctx, withStatement),
    holders(ctx, withoutHolder),
    copyrightFileLicenses(ctx, unstructured, rootDirOf),
  ]);
}

/** A license statement gives the declared license. */
async function statementLicenses(ctx: StepContext, packages: Package[]): Promise<void> {
  const fields = await ctx.scanPool().licenseFields(packages.map((p) => ({ statement: p.extracted_license_statement as string, path: copyrightFile(p) ?? p.datafile_paths[0] ?? '', datasourceId: p.datasource_ids[0] })));
  packages.forEach((p, i) => Object.assign(p, fields[i]));
}

/** The holders are those the copyright detector finds in the package's copyright statements. */
async function holders(ctx: StepContext, packages: Package[]): Promise<void> {
  const found = await ctx.scanPool().copyrightHolders(packages.map((p) => p.copyright as string));
  packages.forEach((p, i) => {
    p.holder = found[i].join('\n') || null;
  });
}

/** An unstructured Debian copyright file gets license detection over its whole text, with its line numbers. */
async function copyrightFileLicenses<P extends InstalledPackage>(ctx: StepContext, packages: P[], rootDirOf: (p: P) => string): Promise<void> {
  const pool = ctx.scanPool();
  const options = { ...baseScanOptions(ctx), license: true };
  const codebase = await ctx.codebase();
  await Promise.all(packages.map(async (installed) => {
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
