/**
 * `pubspec_yaml`: a Dart/Flutter pubspec.yaml. Fields as ScanCode reads them (name, version,
 * description, homepage, repository as vcs_url, license, archive_url, author/authors as parties,
 * issue_tracker/documentation/executables/publish_to in extra_data) plus issue_tracker as the
 * bug_tracking_url. Dependencies: `dependencies`, `dev_dependencies`, `dependency_overrides` and
 * `environment`, each scoped by its section. A requirement is a version constraint string or a
 * source map (`sdk`, `hosted`, `git`, `path`) whose details go to the dependency's extra_data.
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData, type Party } from '../package-data';
import { isExactVersion, isMap, loadYamlMap, pubUrls, text, type YamlMap } from './common';

export const PUBSPEC_YAML = 'pubspec_yaml';

/** [section, is_runtime, is_optional] */
const SECTIONS: [string, boolean, boolean][] = [
  ['dependencies', true, false],
  ['dev_dependencies', false, true],
  ['dependency_overrides', true, false],
  ['environment', true, false],
];

function requirementOf(spec: unknown): { requirement: string | null; extra: YamlMap } {
  if (!isMap(spec)) return { requirement: text(spec), extra: {} };
  if ('sdk' in spec) {
    // ScanCode keeps an SDK source as its requirement: `sdk: flutter`.
    return { requirement: Object.entries(spec).map(([k, v]) => `${k}: ${text(v) ?? ''}`).join(', '), extra: {} };
  }
  const extra: YamlMap = {};
  const git = spec['git'];
  if (isMap(git)) {
    for (const key of ['url', 'ref', 'path'] as const) if (text(git[key])) extra[`git_${key}`] = text(git[key]);
  } else if (text(git)) extra['git_url'] = text(git);
  if (text(spec['path'])) extra['path'] = text(spec['path']);
  const hosted = spec['hosted'];
  if (isMap(hosted) ? text(hosted['url']) : text(hosted)) extra['hosted_url'] = isMap(hosted) ? text(hosted['url']) : text(hosted);
  return { requirement: text(spec['version']), extra };
}

function dependencies(pubspec: YamlMap): DependencyInput[] {
  const deps: DependencyInput[] = [];
  for (const [scope, isRuntime, isOptional] of SECTIONS) {
    const section = pubspec[scope];
    if (!isMap(section)) continue;
    for (const [name, spec] of Object.entries(section)) {
      const { requirement, extra } = requirementOf(spec);
      const pinned = isExactVersion(requirement);
      deps.push({
        purl: dependencyPurl('pubspec', null, name, pinned ? requirement : null),
        extracted_requirement: requirement, scope, is_runtime: isRuntime, is_optional: isOptional, is_pinned: pinned, is_direct: true, extra_data: extra,
      });
    }
  }
  return deps;
}

export function parsePubspecYaml(content: Buffer): PackageData[] {
  const pubspec = loadYamlMap(content, 'pubspec.yaml');
  const name = text(pubspec['name']);
  const version = text(pubspec['version']);
  const authors = [pubspec['author'], ...(Array.isArray(pubspec['authors']) ? pubspec['authors'] : [pubspec['authors']])];
  const parties: Party[] = authors.map(text).filter((a): a is string => a !== null).map((a) => ({ type: 'person', role: 'author', name: a, email: null, url: null }));
  const extra: YamlMap = {};
  for (const key of ['issue_tracker', 'documentation', 'executables', 'publish_to']) if (pubspec[key]) extra[key] = pubspec[key];
  const urls = pubUrls(name, version);
  return [packageData(PUBSPEC_YAML, {
    type: 'pubspec', name, version, primary_language: 'dart',
    description: text(pubspec['description']),
    parties,
    homepage_url: text(pubspec['homepage']),
    download_url: text(pubspec['archive_url']) ?? urls.repository_download_url,
    bug_tracking_url: text(pubspec['issue_tracker']),
    vcs_url: text(pubspec['repository']),
    extracted_license_statement: text(pubspec['license']),
    extra_data: extra,
    ...urls,
    dependencies: dependencies(pubspec),
  })];
}
