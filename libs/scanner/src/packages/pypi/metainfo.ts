/**
 * What ScanCode derives the same way from every Python metadata source (core metadata headers,
 * pyproject tables, setup() keywords): PyPI URLs, homepage / project URLs, the declared license
 * statement, keywords and parties (pypi.py get_urls, get_declared_license, get_keywords...).
 */
import type { Party } from '../package-data';
import type { YamlValue } from '../saneyaml';

/** A case-insensitive view over a metadata source: `get` the first value, `getAll` every value. */
export interface MetaInfo {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

/** A MetaInfo over a plain mapping (pyproject table, setup() keywords): `Name` or `name`. */
export function mappingMetaInfo(data: Record<string, unknown>): MetaInfo {
  const get = (name: string): unknown => truthy(data[name]) ?? truthy(data[name.toLowerCase()]) ?? null;
  return { get, getAll: (name) => { const v = get(name); return Array.isArray(v) ? v : []; } };
}

function truthy(v: unknown): unknown {
  if (v === undefined || v === null || v === '' || v === false) return undefined;
  if (Array.isArray(v) && !v.length) return undefined;
  if (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v as object).length) return undefined;
  return v;
}

export interface PypiUrls {
  repository_homepage_url: string | null;
  repository_download_url: string | null;
  api_data_url: string | null;
}

export function pypiUrls(name: string | null, version: string | null): PypiUrls {
  return {
    repository_homepage_url: name ? `https://pypi.org/project/${name}` : null,
    repository_download_url: name && version ? `https://pypi.org/packages/source/${name[0]}/${name}/${name}-${version}.tar.gz` : null,
    api_data_url: name ? (version ? `https://pypi.org/pypi/${name}/${version}/json` : `https://pypi.org/pypi/${name}/json`) : null,
  };
}

export interface Urls extends PypiUrls {
  homepage_url?: string;
  bug_tracking_url?: string;
  code_view_url?: string;
  vcs_url?: string;
}

const URL_KINDS: [keyof Urls, string[]][] = [
  ['bug_tracking_url', ['tracker', 'bug reports', 'github: issues', 'bug tracker', 'issues', 'issue tracker']],
  ['code_view_url', ['source', 'source code', 'code']],
  ['vcs_url', ['github', 'gitlab', 'github: repo', 'repository']],
  ['homepage_url', ['website', 'homepage', 'home']],
];

/** ScanCode's get_urls: the known URL attributes, and the other URLs in extra_data by label. */
export function getUrls(meta: MetaInfo, name: string | null, version: string | null, poetry = false): { urls: Urls; extraData: Record<string, unknown> } {
  const urls: Urls = pypiUrls(name, version);
  const extraData: Record<string, unknown> = {};
  const add = (url: unknown, label: string | null, attribute: keyof Urls | null) => {
    if (typeof url !== 'string' || !url) return;
    if (attribute && !(attribute in urls)) (urls as unknown as Record<string, string>)[attribute] = url;
    else if (label) extraData[label] = url;
  };
  add(meta.get('Home-page') ?? meta.get('url') ?? meta.get('home'), null, 'homepage_url');
  let projectUrls: unknown;
  if (poetry) projectUrls = { homepage: meta.get('homepage'), repository: meta.get('repository'), documentation: meta.get('documentation') };
  else {
    const list = meta.getAll('Project-URL');
    projectUrls = list.length ? list : (meta.get('project_urls') ?? meta.get('urls') ?? []);
  }
  if (Array.isArray(projectUrls)) {
    const map: Record<string, string> = {};
    for (const entry of projectUrls) {
      if (typeof entry !== 'string') continue;
      const i = entry.indexOf(', ');
      if (i < 0) map[entry.trim()] = '';
      else map[entry.slice(0, i).trim()] = entry.slice(i + 2).trim();
    }
    projectUrls = map;
  }
  if (projectUrls && typeof projectUrls === 'object') {
    for (const [label, url] of Object.entries(projectUrls as Record<string, unknown>)) {
      const kind = URL_KINDS.find(([, labels]) => labels.includes(label.toLowerCase()));
      add(url, label, kind ? kind[0] : null);
    }
  }
  add(meta.get('Download-URL') ?? meta.get('download_url'), 'Download-URL', null);
  return { urls, extraData };
}

/** The license classifiers and the other classifiers. */
export function classifiers(meta: MetaInfo): { license: string[]; other: string[] } {
  let all = meta.getAll('Classifier');
  if (!all.length) all = meta.getAll('Classifiers');
  const license: string[] = [];
  const other: string[] = [];
  for (const c of all) if (typeof c === 'string' && c) (c.startsWith('License') ? license : other).push(c);
  return { license, other };
}

/**
 * ScanCode's get_declared_license, then the saneyaml text PackageData keeps: `license:` (unless
 * UNKNOWN) and `classifiers:` (the `License ::` ones). Also the License-File, if any.
 */
/**
 * The declared license as ScanCode keeps it: a mapping of `license` and the license `classifiers`,
 * detected value by value and written out as YAML when the package is saved.
 */
export function declaredLicense(meta: MetaInfo, fallback: unknown = null): { statement: Record<string, YamlValue> | null; licenseFile: unknown } {
  let lic = meta.get('License') ?? fallback;
  let licenseFile = meta.get('License-File');
  if (!licenseFile && lic && typeof lic === 'object' && 'file' in lic) {
    const { file, ...rest } = lic as Record<string, unknown>;
    licenseFile = file;
    lic = Object.keys(rest).length ? rest : null;
  }
  const declared: Record<string, YamlValue> = {};
  if (lic && lic !== 'UNKNOWN') {
    if (typeof lic === 'object' && 'text' in lic) declared['license'] = (lic as Record<string, YamlValue>)['text'];
    else declared['license'] = lic as YamlValue;
  }
  const { license } = classifiers(meta);
  if (license.length) declared['classifiers'] = license;
  return { statement: Object.keys(declared).length ? declared : null, licenseFile: licenseFile ?? null };
}

/** Keywords (a comma-separated string or a list), then the non-license classifiers. */
export function keywords(meta: MetaInfo): string[] {
  const out: string[] = [];
  const kws = meta.get('Keywords');
  const list = typeof kws === 'string' ? kws.split(',') : Array.isArray(kws) ? kws : kws ? [String(kws)] : [];
  for (const k of list) if (typeof k === 'string' && k.trim()) out.push(k.trim());
  out.push(...classifiers(meta).other);
  return out;
}

export function person(role: string, name: unknown, email: unknown): Party {
  return { type: 'person', role, name: typeof name === 'string' && name ? name : null, email: typeof email === 'string' && email ? email : null, url: null };
}

/** Author / maintainer parties (core metadata keys, or setup() keys with `snake` true). */
export function parties(meta: MetaInfo, snake = false): Party[] {
  const out: Party[] = [];
  const key = (k: string) => (snake ? k.toLowerCase().replace('-', '_') : k);
  for (const [role, nameKey, emailKey] of [['author', 'Author', 'Author-email'], ['maintainer', 'Maintainer', 'Maintainer-email']]) {
    const name = meta.get(key(nameKey));
    const email = meta.get(key(emailKey));
    if (name || email) out.push(person(role, name, email));
  }
  return out;
}

/** utils.build_description: the summary, then the description when it does not repeat it. */
export function buildDescription(summary: unknown, description: unknown): string | null {
  const s = typeof summary === 'string' ? summary.trim() : '';
  const d = typeof description === 'string' ? description.trim() : '';
  if (!d) return s || null;
  if (s && !d.includes(s)) return `${s}\n${d}`;
  return d;
}

/** "Name <email>" author strings (pyproject authors as strings). */
export function parseNameEmail(text: string): { name: string | null; email: string | null } {
  const m = /^\s*(.*?)\s*<([^>]*)>\s*$/.exec(text);
  if (m) return { name: m[1] || null, email: m[2] || null };
  return { name: text.trim() || null, email: null };
}
