/**
 * `gradle_lockfile` (not in ScanCode 32): Gradle dependency locking files. Each
 * `group:name:version=conf1,conf2` line is a resolved, pinned dependency; `empty=` lists
 * configurations without dependencies. The configurations are the scope (comma-joined).
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type PackageData } from '../package-data';

export const gradleLockfileHandler: DatafileHandler = {
  datasourceId: 'gradle_lockfile',
  pathPatterns: ['*/gradle.lockfile'],
  defaultPackageType: 'maven',
  defaultPrimaryLanguage: null,
  description: 'Gradle dependency lockfile',
  documentationUrl: 'https://docs.gradle.org/current/userguide/dependency_locking.html',
  parse: ({ content }) => parseGradleLockfile(content.toString('utf8')),
};

export function parseGradleLockfile(text: string): PackageData[] {
  const dependencies = [];
  for (const [n, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('empty=')) continue;
    const m = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)=(.*)$/.exec(line);
    if (!m) throw new Error(`invalid gradle.lockfile: unexpected "${line.slice(0, 80)}" at line ${n + 1}`);
    const [, group, name, version, confs] = m;
    const configurations = confs.split(',').map((c) => c.trim()).filter(Boolean);
    const test = configurations.length > 0 && configurations.every((c) => c.toLowerCase().includes('test'));
    dependencies.push({
      purl: dependencyPurl('maven', group, name, version), extracted_requirement: version, scope: configurations.join(','),
      is_runtime: !test, is_optional: test, is_pinned: true, is_direct: false,
      resolved_package: packageData('gradle_lockfile', { type: 'maven', namespace: group, name, version, primary_language: 'Java' }),
      extra_data: { configurations },
    });
  }
  return [packageData('gradle_lockfile', { type: 'maven', dependencies })];
}
