/**
 * package.json field readers shared by the npm handlers (ScanCode's `party_mapper`,
 * `deps_mapper`, `vcs_repository_mapper`, `licenses_mapper` semantics).
 */
import type { DependencyInput, Party } from '../package-data';
import { isObject, npmAlias, npmPurl, splitScopedName, str } from './common';

/** A person string `Name <email> (url)` or object `{name, email, url}` (parse_person). */
export function parsePerson(person: unknown): { name: string | null; email: string | null; url: string | null } {
  let name: unknown = null;
  let email: unknown = null;
  let url: unknown = null;
  if (typeof person === 'string') {
    const m = /^([^(<]*)\s?(<[^>]*>)?\s?(\([^)]*\))?$/.exec(person.trim());
    if (!m) return { name: person, email: null, url: null };
    [name, email, url] = [m[1], m[2], m[3]];
  } else if (isObject(person)) {
    [name, email, url] = [person['name'], person['email'], person['url'] ?? person['web']];
  } else {
    return { name: null, email: null, url: null };
  }
  return { name: clean(name, ''), email: clean(email, '<> '), url: clean(url, '() ') };
}

function clean(v: unknown, strip: string): string | null {
  const one = (s: string): string => {
    let out = s.trim();
    while (out && strip.includes(out[0])) out = out.slice(1);
    while (out && strip.includes(out[out.length - 1])) out = out.slice(0, -1);
    return out.trim();
  };
  let s: string | null = null;
  if (Array.isArray(v)) s = v.filter((x): x is string => typeof x === 'string').map(one).filter((x) => x && x.toLowerCase() !== 'none').join('\n');
  else if (typeof v === 'string') s = one(v);
  return s && s.toLowerCase() !== 'none' ? s : null;
}

export function parties(value: unknown, role: string): Party[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((p) => p !== null && p !== undefined && p !== '')
    .map((p) => ({ type: 'person', role, ...parsePerson(typeof p === 'string' ? p.trim() : p) }));
}

const SCOPE_FLAGS: Record<string, { is_runtime: boolean; is_optional: boolean; is_pinned?: boolean }> = {
  dependencies: { is_runtime: true, is_optional: false },
  devDependencies: { is_runtime: false, is_optional: true },
  peerDependencies: { is_runtime: true, is_optional: false },
  optionalDependencies: { is_runtime: true, is_optional: true },
  resolutions: { is_runtime: true, is_optional: false, is_pinned: true },
};

/**
 * Appends the requirements of one package.json dependency map to `deps` (deps_mapper): purls
 * without version, `npm:` aliases resolved to the real package, and optionalDependencies
 * overriding a same-name entry of `dependencies` (npm's rule) instead of being added twice.
 * `runtimeByName` remembers the `dependencies` entries by their package.json key for that.
 */
export function mapDependencies(deps: DependencyInput[], value: unknown, scope: string, runtimeByName = new Map<string, DependencyInput>()): void {
  if (!isObject(value)) return;
  const flags = SCOPE_FLAGS[scope] ?? { is_runtime: true, is_optional: false };
  for (const [rawName, rawReq] of Object.entries(value)) {
    const key = rawName.startsWith('**') ? rawName.replace(/\*\*/g, '') : rawName;
    let { namespace, name } = splitScopedName(key);
    if (!name) continue;
    let requirement = typeof rawReq === 'string' ? rawReq : rawReq === null || rawReq === undefined ? null : JSON.stringify(rawReq);
    const alias = requirement ? npmAlias(requirement) : null;
    if (alias) ({ namespace, name, requirement } = alias);
    const purl = npmPurl(namespace, name);
    const overridden = scope === 'optionalDependencies' ? runtimeByName.get(key) : undefined;
    if (overridden) {
      overridden.purl = purl;
      overridden.scope = scope;
      overridden.is_optional = true;
      continue;
    }
    const dep: DependencyInput = { purl, extracted_requirement: requirement, scope, is_runtime: flags.is_runtime, is_optional: flags.is_optional, is_pinned: flags.is_pinned ?? false, is_direct: true };
    if (scope === 'dependencies') runtimeByName.set(key, dep);
    deps.push(dep);
  }
}

/** bundledDependencies (or npm's alias bundleDependencies): names only. */
export function bundledDependencies(value: unknown): DependencyInput[] {
  if (!Array.isArray(value)) return [];
  const out: DependencyInput[] = [];
  for (const item of value) {
    const { namespace, name } = splitScopedName(typeof item === 'string' ? item : null);
    if (name) out.push({ purl: npmPurl(namespace, name), scope: 'bundledDependencies', is_runtime: true, is_optional: false, is_direct: true });
  }
  return out;
}

const PLAIN_OR_VCS = /^(https?:\/\/|git:\/\/|git\+git:\/\/|git\+https?:\/\/|hg:\/\/|hg\+https?:\/\/|svn:\/\/|svn\+https?:\/\/)/;

/** ScanCode's normalize_vcs_url: npm shortcuts (`user/repo`, `github:`, `git@host:`) to URLs. */
export function normalizeVcsUrl(raw: unknown): string | null {
  const url = str(raw);
  if (!url) return null;
  if (PLAIN_OR_VCS.test(url)) return url;
  if (url.startsWith('git@')) {
    const right = url.slice(4);
    const sep = right.includes(':') ? ':' : '/';
    const host = right.slice(0, right.indexOf(sep) < 0 ? right.length : right.indexOf(sep));
    const repo = right.indexOf(sep) < 0 ? '' : right.slice(right.indexOf(sep) + 1);
    const scheme = /bitbucket|gitlab|github/.test(host) ? 'https' : 'git';
    return `${scheme}://${host}/${repo}`;
  }
  const hosters: Record<string, string> = { bitbucket: 'https://bitbucket.org/', github: 'https://github.com/', gitlab: 'https://gitlab.com/', gist: 'https://gist.github.com/' };
  const m = /^(bitbucket|gitlab|github|gist):(.*)$/.exec(url);
  if (m) return hosters[m[1]] + m[2];
  if (url.split('/').length === 2) return `https://github.com/${url}`;
  return url;
}

/** `repository` (string, object or one-item list) -> vcs_url, `<tool>+<url>[@gitHead]` (vcs_repository_mapper). */
export function vcsUrl(repository: unknown, gitHead: unknown): string | null {
  const repo = Array.isArray(repository) ? repository[0] : repository;
  let url: string | null = null;
  if (typeof repo === 'string') url = normalizeVcsUrl(repo);
  else if (isObject(repo)) {
    const repoUrl = normalizeVcsUrl(repo['url']);
    if (repoUrl) {
      const tool = str(repo['type']) ?? 'git';
      url = repoUrl.startsWith(tool) ? repoUrl : `${tool}+${repoUrl}`;
    }
  }
  if (!url) return null;
  const rev = str(gitHead);
  return rev ? `${url}@${rev}` : url;
}

/**
 * `license` + legacy `licenses` -> the extracted statement (licenses_mapper): the list of the
 * declared items as ScanCode 32.x keeps them (`["MIT"]`, `[{type, url}]`), or null when none.
 * License detection turns it into its YAML text (`- MIT\n`), as ScanCode does.
 */
export function npmLicenseStatement(license: unknown, licenses: unknown): unknown[] | null {
  const declared = (v: unknown): unknown[] => (!v ? [] : Array.isArray(v) ? v : [v]);
  const items = [...declared(license), ...declared(licenses)].filter((x) => x !== null && x !== undefined && x !== '');
  return items.length ? items : null;
}

export function keywords(value: unknown): string[] {
  if (typeof value === 'string') return value.includes(',') ? value.split(',').map((k) => k.trim()).filter(Boolean) : [value.trim()].filter(Boolean);
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
}
