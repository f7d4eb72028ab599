/**
 * `bower_json` (ScanCode BowerJsonHandler): bower.json / .bower.json manifests, package type
 * `bower`. The license is kept as written (a string, or the YAML dump of a list).
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type Party } from '../package-data';
import { isObject, licenseStatement, loadJsonObject, str } from './common';

function authors(value: unknown): Party[] {
  if (!Array.isArray(value)) return [];
  return value.map((a): Party => {
    if (isObject(a)) return { type: 'person', role: 'author', name: str(a['name']), email: str(a['email']), url: str(a['homepage']) };
    return { type: 'person', role: 'author', name: typeof a === 'string' ? a : JSON.stringify(a), email: null, url: null };
  });
}

function bowerDependencies(value: unknown, dev: boolean): DependencyInput[] {
  if (!isObject(value)) return [];
  return Object.entries(value).map(([name, req]) => ({
    purl: dependencyPurl('bower', null, name),
    extracted_requirement: typeof req === 'string' ? req : null,
    scope: dev ? 'devDependencies' : 'dependencies',
    is_runtime: !dev,
    is_optional: dev,
  }));
}

function license(value: unknown): string | null {
  if (Array.isArray(value)) return licenseStatement(value.filter((l) => typeof l === 'string' && l.trim()));
  if (typeof value === 'string') return licenseStatement([value]);
  return value ? licenseStatement([value]) : null;
}

export const bowerJsonHandler: DatafileHandler = {
  datasourceId: 'bower_json',
  pathPatterns: ['*/bower.json', '*/.bower.json'],
  defaultPackageType: 'bower',
  defaultPrimaryLanguage: 'JavaScript',
  description: 'Bower package',
  documentationUrl: 'https://bower.io',
  parse: ({ content }) => {
    const json = loadJsonObject(content, 'bower.json');
    const repo = isObject(json['repository']) ? json['repository'] : {};
    const repoType = str(repo['type']);
    const repoUrl = str(repo['url']);
    return [packageData('bower_json', {
      type: 'bower',
      name: str(json['name']),
      version: str(json['version']),
      primary_language: 'JavaScript',
      description: str(json['description']),
      parties: authors(json['authors']),
      keywords: Array.isArray(json['keywords']) ? json['keywords'].filter((k): k is string => typeof k === 'string') : [],
      homepage_url: str(json['homepage']),
      vcs_url: repoType && repoUrl ? `${repoType}+${repoUrl}` : null,
      extracted_license_statement: license(json['license']),
      dependencies: [...bowerDependencies(json['dependencies'], false), ...bowerDependencies(json['devDependencies'], true)],
    })];
  },
};
