/**
 * `nuget_nupsec` (ScanCode's id, typo included): NuGet `.nuspec` manifests. Metadata as
 * ScanCode maps it: summary/description/title into the description, authors and owners as
 * parties, `<repository>` as vcs_url, `<license>` (an SPDX expression) or the deprecated
 * `<licenseUrl>` as the license statement, and `<dependencies>` (flat or grouped by
 * targetFramework) as unpinned `dependency`-scoped requirements.
 */
import type { DatafileHandler } from '../handler';
import { attr, child, children, findText, parseXml, textOf, type XmlElement } from '../maven/xml';
import { dependencyPurl, packageData, type DependencyInput, type PackageData, type Party } from '../package-data';

export const nugetNuspecHandler: DatafileHandler = {
  datasourceId: 'nuget_nupsec',
  pathPatterns: ['*.nuspec'],
  defaultPackageType: 'nuget',
  defaultPrimaryLanguage: null,
  description: 'NuGet nuspec package manifest',
  documentationUrl: 'https://docs.microsoft.com/en-us/nuget/reference/nuspec',
  parse: ({ content }) => parseNuspec(content, 'nuget_nupsec'),
};

export function nugetUrls(name: string | null, version: string | null) {
  if (!name) return {};
  const v = version ?? 'None';
  return {
    repository_homepage_url: `https://www.nuget.org/packages/${name}/${v}`,
    repository_download_url: `https://www.nuget.org/api/v2/package/${name}/${v}`,
    api_data_url: `https://api.nuget.org/v3/registration3/${name.toLowerCase()}/${v}.json`,
  };
}

/** utils.py `build_description`. */
function buildDescription(summary: string | null, description: string | null): string {
  const s = (summary ?? '').trim();
  const d = (description ?? '').trim();
  if (!d) return s;
  return s && !d.includes(s) ? `${s}\n${d}` : d;
}

export function parseNuspec(content: Buffer, datasourceId: string): PackageData[] {
  const { name: rootName, root } = parseXml(content, 'nuspec XML');
  const meta = rootName === 'package' ? child(root, 'metadata') : null;
  if (!meta) return [];
  const get = (tag: string) => findText(meta, tag);
  const name = get('id');
  const version = get('version');
  let description = buildDescription(get('summary'), get('description'));
  const title = get('title');
  if (title && title !== name) description = buildDescription(title, description);
  const parties: Party[] = [];
  for (const [role, tag] of [['author', 'authors'], ['owner', 'owners']] as const) {
    const v = get(tag);
    if (v) parties.push({ type: null, role, name: v, email: null, url: null });
  }
  const repo = child(meta, 'repository');
  const repoUrl = attr(repo, 'url');
  const repoType = attr(repo, 'type');
  const license = child(meta, 'license');
  return [packageData(datasourceId, {
    type: 'nuget', name, version,
    description: description || null,
    homepage_url: get('projectUrl'),
    parties,
    dependencies: dependencies(child(meta, 'dependencies')),
    extracted_license_statement: license ? textOf(license) || null : get('licenseUrl'),
    copyright: get('copyright'),
    vcs_url: repoUrl ? (repoType ? `${repoType}+${repoUrl}` : repoUrl) : null,
    ...nugetUrls(name, version),
  })];
}

function dependencies(section: XmlElement | null): DependencyInput[] {
  const groups = children(section, 'group');
  if (groups.length) return groups.flatMap((g) => deps(children(g, 'dependency'), { framework: attr(g, 'targetFramework') }));
  return deps(children(section, 'dependency'), {});
}

function deps(list: XmlElement[], base: Record<string, string | null>): DependencyInput[] {
  return list.map((d) => {
    const extra: Record<string, unknown> = { ...base };
    for (const key of ['include', 'exclude']) if (attr(d, key)) extra[key] = attr(d, key);
    return {
      purl: dependencyPurl('nuget', null, attr(d, 'id') ?? ''),
      extracted_requirement: attr(d, 'version'),
      scope: 'dependency', is_runtime: true, is_optional: false, is_pinned: false, extra_data: extra,
    };
  });
}
