/**
 * `nuget_packages_lock`: NuGet `packages.lock.json`. As ScanCode: for each target framework and
 * package, a pinned dependency scoped by the framework, direct when the lock says `Direct`,
 * whose resolved package (virtual) carries its own pinned dependencies. The datafile's package
 * data has no name: its dependencies are the project's.
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';

export const nugetPackagesLockHandler: DatafileHandler = {
  datasourceId: 'nuget_packages_lock',
  pathPatterns: ['*packages.lock.json'],
  defaultPackageType: 'nuget',
  defaultPrimaryLanguage: null,
  description: 'NuGet packages.lock.json file',
  documentationUrl: 'https://learn.microsoft.com/en-us/nuget/reference/cli-reference/cli-ref-restore',
  parse: ({ content }) => parsePackagesLock(content),
};

interface LockEntry { type?: string; requested?: string; resolved?: string; dependencies?: Record<string, string> }

export function parsePackagesLock(content: Buffer): PackageData[] {
  let parsed: { dependencies?: Record<string, Record<string, LockEntry>> };
  try {
    parsed = JSON.parse(content.toString('utf8')) as typeof parsed;
  } catch (e) {
    throw new Error(`invalid packages.lock.json: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const top: DependencyInput[] = [];
  let extra: Record<string, unknown> = {};
  for (const [framework, packages] of Object.entries(parsed.dependencies ?? {})) {
    extra = { target_framework: framework };
    for (const [name, info] of Object.entries(packages ?? {})) {
      if (info.type !== 'Direct' && info.type !== 'Transitive') throw new Error(`invalid packages.lock.json: unknown package type ${info.type} for ${name}`);
      const version = info.resolved ?? null;
      const resolved = packageData('nuget_packages_lock', {
        type: 'nuget', name, version, is_virtual: true,
        dependencies: Object.entries(info.dependencies ?? {}).map(([dep, v]) => ({
          purl: dependencyPurl('nuget', null, dep, v), extracted_requirement: v, is_pinned: true, scope: framework, is_optional: false, is_runtime: true, is_direct: true,
        })),
      });
      top.push({
        purl: dependencyPurl('nuget', null, name, version), extracted_requirement: info.requested || version, is_pinned: true,
        resolved_package: resolved, scope: framework, is_optional: false, is_runtime: true, is_direct: info.type === 'Direct',
      });
    }
  }
  return [packageData('nuget_packages_lock', { type: 'nuget', extra_data: extra, dependencies: top })];
}
