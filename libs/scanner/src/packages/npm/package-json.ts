/**
 * `npm_package_json`: package.json manifests (ScanCode NpmPackageJsonHandler). Installed copies
 * (node_modules) also carry `dist` or the legacy `_resolved`/`_integrity`/`_shasum` fields,
 * which give the download URL and checksums.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleNpm } from './assemble';
import { integrityChecksums, isObject, loadJsonObject, NPM_COMMON, npmDownloadUrl, npmUrls, splitScopedName, str, type Checksums, type JsonObject } from './common';
import { bundledDependencies, keywords, mapDependencies, npmLicenseStatement, parties, vcsUrl } from './manifest-fields';

const EXTRA_DATA_FIELDS = ['workspaces', 'engines', 'packageManager'];
const DEPENDENCY_SCOPES = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

function homepage(value: unknown): string | null {
  return str(Array.isArray(value) ? value[0] : value);
}

function bugTrackingUrl(bugs: unknown): string | null {
  if (typeof bugs === 'string') return str(bugs);
  return isObject(bugs) ? str(bugs['url']) : null;
}

/** dist / _resolved / _integrity / _shasum -> download URL and checksums (dist_mapper). */
function distribution(json: JsonObject, namespace: string | null, name: string | null, version: string | null): Checksums & { download_url: string | null } {
  const dist = isObject(json['dist']) ? json['dist'] : null;
  const sums: Checksums = integrityChecksums(dist ? dist['integrity'] : json['_integrity']);
  const shasum = str(dist ? dist['shasum'] : json['_shasum']);
  if (shasum) sums.sha1 = shasum;
  const explicit = dist ? str(dist['dnl_url']) ?? str(dist['tarball']) : str(json['_resolved']);
  const download = explicit && /^https?:\/\//.test(explicit) ? explicit : null;
  return { ...sums, download_url: download ?? npmDownloadUrl(namespace, name, version) };
}

export function parsePackageJson(json: JsonObject, datasourceId = 'npm_package_json'): PackageData {
  const { namespace, name } = splitScopedName(json['name']);
  const version = str(json['version']);
  const isPrivate = json['private'] === true || json['private'] === 'true';
  const extra: Record<string, unknown> = {};
  for (const f of EXTRA_DATA_FIELDS) if (json[f]) extra[f] = json[f];

  const deps: DependencyInput[] = [];
  const runtimeByName = new Map<string, DependencyInput>();
  for (const scope of DEPENDENCY_SCOPES) mapDependencies(deps, json[scope], scope, runtimeByName);
  deps.push(...bundledDependencies(json['bundledDependencies'] ?? json['bundleDependencies']));
  mapDependencies(deps, json['resolutions'], 'resolutions');

  const dist = distribution(json, namespace, name, version);
  const urls = isPrivate ? {} : npmUrls(namespace, name, version);
  return packageData(datasourceId, {
    type: 'npm',
    namespace,
    name,
    version,
    primary_language: NPM_COMMON.defaultPrimaryLanguage,
    description: str(json['description']),
    parties: [...parties(json['author'], 'author'), ...parties(json['contributors'], 'contributor'), ...parties(json['maintainers'], 'maintainer')],
    keywords: keywords(json['keywords']),
    homepage_url: homepage(json['homepage']),
    ...dist,
    bug_tracking_url: bugTrackingUrl(json['bugs']),
    vcs_url: vcsUrl(json['repository'], json['gitHead']),
    extracted_license_statement: npmLicenseStatement(json['license'], json['licenses']),
    is_private: isPrivate,
    extra_data: extra,
    dependencies: deps,
    ...urls,
  });
}

export const npmPackageJsonHandler: DatafileHandler = {
  datasourceId: 'npm_package_json',
  pathPatterns: ['*/package.json'],
  ...NPM_COMMON,
  description: 'npm package.json',
  documentationUrl: 'https://docs.npmjs.com/cli/v8/configuring-npm/package-json',
  parse: ({ content }) => [parsePackageJson(loadJsonObject(content, 'package.json'))],
  assemble: assembleNpm,
};
