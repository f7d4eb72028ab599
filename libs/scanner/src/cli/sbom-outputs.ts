import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { DependencyRecord, PackageRecord } from '@sca/contracts';
import { resolveStatically, type Dependency, type Package } from '../packages';
import { normalizeDependency, normalizePackage, reportInputFromArrays, spdxTagValue, writeCycloneDx, writeSpdx, type PackageSections, type ReportInput } from '@sca/formats';

/** The SBOM files a codescan run writes (ScanCode-toolkit's option names); `-` is standard output. */
export interface SbomTargets {
  cyclonedx?: string;
  cyclonedxXml?: string;
  /** SPDX JSON for a `.json` name or `-`, tag-value for any other name. */
  spdx?: string;
  /** SPDX tag-value whatever the name (ScanCode-toolkit's --spdx-tv). */
  spdxTv?: string;
}

export const hasSbomTarget = (t: SbomTargets): boolean => Boolean(t.cyclonedx || t.cyclonedxXml || t.spdx || t.spdxTv);

/** Whether an --spdx target gets JSON: standard output or a .json name. */
export const isSpdxJsonTarget = (target: string): boolean => target === '-' || target.toLowerCase().endsWith('.json');

/** Writes `text` to `target`, or to standard output for `-`. */
export async function writeOutput(target: string, text: string): Promise<void> {
  if (target === '-') {
    await new Promise<void>((resolve, reject) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`, (e) => (e ? reject(e) : resolve())));
    return;
  }
  await writeFile(target, text);
}

const byIdentity = (a: PackageRecord, b: PackageRecord) => {
  for (const k of ['type', 'namespace', 'name', 'version'] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return 0;
};

/**
 * The scan's packages and dependencies as the service's SBOM writers read a project's: the
 * scanned path is the project (its name the SBOM's root component or package). They are
 * resolved statically first, as inspect_packages' StaticResolver resolves a project's: the
 * lockfiles' locked packages are components too, an installed package takes what its locked
 * entry knows and it lacks (the integrity checksum, the download URL), and the dependency graph
 * goes package -> direct dependency -> resolved package. The toolkit JSON keeps the toolkit's
 * unresolved view.
 */
export function sbomInput(sections: PackageSections | null, name: string, toolVersion: string): ReportInput {
  const resolved = resolveStatically((sections?.packages ?? []) as Package[], (sections?.dependencies ?? []) as Dependency[], () => randomUUID());
  const packages: PackageRecord[] = [];
  const dependencies: DependencyRecord[] = [];
  resolved.packages.forEach((p, i) => {
    for (const item of normalizePackage(p as unknown as Record<string, unknown>, (x) => x, i)) if (item.kind === 'package') packages.push(item.record);
  });
  resolved.dependencies.forEach((d, i) => {
    for (const item of normalizeDependency(d as unknown as Record<string, unknown>, (x) => x, i)) if (item.kind === 'dependency') dependencies.push(item.record);
  });
  const project = { uuid: randomUUID(), name, created_date: new Date().toISOString(), notes: '', settings: {}, extra_data: {}, input_sources: [] };
  return reportInputFromArrays(project, { packages: packages.sort(byIdentity), dependencies }, toolVersion);
}

/** Writes each requested SBOM. */
export async function writeSboms(targets: SbomTargets, input: () => ReportInput): Promise<string[]> {
  const written: string[] = [];
  if (targets.cyclonedx) {
    await writeOutput(targets.cyclonedx, await writeCycloneDx(input(), { format: 'json' }));
    written.push(targets.cyclonedx);
  }
  if (targets.cyclonedxXml) {
    await writeOutput(targets.cyclonedxXml, await writeCycloneDx(input(), { format: 'xml' }));
    written.push(targets.cyclonedxXml);
  }
  if (targets.spdx || targets.spdxTv) {
    const json = await writeSpdx(input());
    if (targets.spdx) {
      await writeOutput(targets.spdx, isSpdxJsonTarget(targets.spdx) ? json : spdxTagValue(JSON.parse(json) as Record<string, unknown>));
      written.push(targets.spdx);
    }
    if (targets.spdxTv) {
      await writeOutput(targets.spdxTv, spdxTagValue(JSON.parse(json) as Record<string, unknown>));
      written.push(targets.spdxTv);
    }
  }
  return written;
}
