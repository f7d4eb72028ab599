/**
 * composer.json / composer.lock package entries to PackageData (ScanCode
 * packagedcode/phpcomposer.py build_package_data): `vendor/name` becomes namespace/name, the
 * vendor a party, `source` a `type+url@reference` vcs_url and `dist.url` the download_url.
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData, type Party } from '../package-data';

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** composer.json link sections: [scope, is_runtime, is_optional] as ScanCode maps them. */
const LINK_SECTIONS: [string, boolean, boolean][] = [
  ['require', true, false],
  ['require-dev', false, true],
  ['provide', true, false],
  ['conflict', true, true],
  ['replace', true, true],
  ['suggest', true, true],
];

export function splitName(nsName: string | null): { namespace: string | null; name: string | null } {
  if (!nsName) return { namespace: null, name: null };
  const i = nsName.lastIndexOf('/');
  return i < 0 ? { namespace: null, name: nsName } : { namespace: nsName.slice(0, i) || null, name: nsName.slice(i + 1) };
}

export function parseJson(content: Buffer, what: string): unknown {
  try {
    return JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`invalid ${what}: ${(e as Error).message}`);
  }
}

export function composerPackageData(json: Json, datasourceId: string): PackageData {
  const { namespace, name } = splitName(text(json['name']));
  const isPrivate = !name;
  const path = namespace ? `${namespace}/${name}` : name;
  const license = json['license'];
  const licenseList = Array.isArray(license) ? license.filter((l): l is string => typeof l === 'string') : text(license) ? [String(license).trim()] : [];
  const support = isObject(json['support']) ? json['support'] : {};
  const source = isObject(json['source']) ? json['source'] : {};
  const dist = isObject(json['dist']) ? json['dist'] : {};
  const parties: Party[] = (Array.isArray(json['authors']) ? json['authors'] : []).filter(isObject).map((a) => ({
    type: 'person', role: text(a['role']) ?? 'author', name: text(a['name']),
    email: text(a['email'])?.replace(/^<|>$/g, '') ?? null, url: text(a['homepage']),
  }));
  if (namespace) parties.push({ type: 'person', role: 'vendor', name: namespace, email: null, url: null });
  const vcs = text(source['type']) && text(source['url']) ? `${text(source['type'])}+${text(source['url'])}@${text(source['reference'])}` : null;
  const extra: Record<string, unknown> = {};
  if (text(json['type'])) extra['type'] = text(json['type']);
  return packageData(datasourceId, {
    type: 'composer', namespace, name, version: text(json['version']), primary_language: 'PHP',
    description: text(json['description']),
    release_date: text(json['time'])?.slice(0, 10) ?? null,
    parties,
    keywords: Array.isArray(json['keywords']) ? json['keywords'].filter((k): k is string => typeof k === 'string') : [],
    homepage_url: text(json['homepage']),
    download_url: text(dist['url']),
    sha1: text(dist['shasum']),
    bug_tracking_url: text(support['issues']),
    code_view_url: text(support['source']),
    vcs_url: vcs,
    // A list of licenses is a choice (https://getcomposer.org/doc/04-schema.md#license).
    extracted_license_statement: licenseList.length ? licenseList.join(' OR ') : isPrivate ? 'proprietary-license' : null,
    is_private: isPrivate,
    extra_data: extra,
    repository_homepage_url: path ? `https://packagist.org/packages/${path}` : null,
    api_data_url: path ? `https://packagist.org/p/packages/${path}.json` : null,
    dependencies: composerLinks(json),
  });
}

function composerLinks(json: Json): DependencyInput[] {
  const deps: DependencyInput[] = [];
  for (const [scope, isRuntime, isOptional] of LINK_SECTIONS) {
    const section = json[scope];
    if (!isObject(section)) continue;
    for (const [nsName, requirement] of Object.entries(section)) {
      const { namespace, name } = splitName(nsName);
      const req = typeof requirement === 'string' ? requirement.trim() : null;
      const exact = scope !== 'suggest' && req && /^v?\d+(\.\d+)*$/.test(req) ? req.replace(/^v/, '') : null;
      deps.push({
        purl: dependencyPurl('composer', namespace, name ?? nsName, exact),
        extracted_requirement: req, scope, is_runtime: isRuntime, is_optional: isOptional, is_pinned: exact !== null, is_direct: true,
      });
    }
  }
  return deps;
}
