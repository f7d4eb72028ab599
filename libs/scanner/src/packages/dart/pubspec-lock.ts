/**
 * `pubspec_lock`: a Dart pubspec.lock. As ScanCode: every `sdks` entry is a dependency scoped
 * `sdk`, every locked package a dependency scoped by its `dependency` kind ("direct main",
 * "direct dev", "direct overridden", "transitive"), runtime unless "direct dev". Each locked
 * package also carries its resolved_package (source and description details in extra_data) and
 * the sdks are kept in the lockfile's extra_data.
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { isMap, loadYamlMap, pubUrls, text, type YamlMap } from './common';

export const PUBSPEC_LOCK = 'pubspec_lock';

function lockedPackage(name: string, details: YamlMap): PackageData {
  const version = text(details['version']);
  const source = text(details['source']);
  const description = details['description'];
  const desc: YamlMap = isMap(description) ? description : {};
  const extra: YamlMap = {};
  if (source) extra['source'] = source;
  if (description !== undefined && description !== null) extra['description'] = description;
  const gitUrl = source === 'git' ? text(desc['url']) : null;
  const gitRef = text(desc['resolved-ref']);
  return packageData(PUBSPEC_LOCK, {
    type: 'pubspec', name, version, primary_language: 'dart',
    sha256: text(desc['sha256']),
    vcs_url: gitUrl ? `git+${gitUrl}${gitRef ? `@${gitRef}` : ''}` : null,
    extra_data: extra,
    ...(source === 'hosted' ? pubUrls(name, version) : {}),
  });
}

export function parsePubspecLock(content: Buffer): PackageData[] {
  const lock = loadYamlMap(content, 'pubspec.lock');
  const deps: DependencyInput[] = [];
  const sdks = isMap(lock['sdks']) ? lock['sdks'] : {};
  for (const [name, constraint] of Object.entries(sdks)) {
    deps.push({ purl: dependencyPurl('pubspec', null, name), extracted_requirement: text(constraint), scope: 'sdk', is_runtime: true, is_optional: false, is_pinned: false, is_direct: true });
  }
  const packages = isMap(lock['packages']) ? lock['packages'] : {};
  for (const [name, details] of Object.entries(packages)) {
    if (!isMap(details)) continue;
    const resolved = lockedPackage(name, details);
    const kind = text(details['dependency']);
    // A locked version is exact (ScanCode pins only digits-and-dots versions, so not `1.0.0+1`).
    const pinned = resolved.version !== null;
    deps.push({
      purl: dependencyPurl('pubspec', null, name, pinned ? resolved.version : null),
      extracted_requirement: resolved.version, scope: kind, is_runtime: kind !== 'direct dev', is_optional: false,
      is_pinned: pinned, is_direct: kind?.startsWith('direct') ?? false, resolved_package: resolved,
    });
  }
  const extra: YamlMap = {};
  if (Object.keys(sdks).length) extra['sdks'] = sdks;
  return [packageData(PUBSPEC_LOCK, { type: 'pubspec', primary_language: 'dart', extra_data: extra, dependencies: deps })];
}
