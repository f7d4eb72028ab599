/**
 * Alpine package fields to PackageData (ScanCode's alpine.py `build_package_data`), shared by
 * the installed database (one-letter fields) and APKBUILD (long names): name, version,
 * description, homepage, license statement, maintainers, arch qualifier, size, build date,
 * origin as source package, aports commit as vcs_url, `D:`/depends as dependencies.
 */
import { dependencyPurl, purlOf, type DependencyInput, type Party } from '../package-data';

/** Parties of a maintainer value: one or more `Name <email>`. */
export function maintainers(value: string): Party[] {
  return [...value.matchAll(/([^<]+?)\s*<([^>]+)>/g)].map((m) => ({ type: 'person', role: 'maintainer', name: m[1].trim(), email: m[2].trim(), url: null }));
}

const OPERATOR = /(=~|>~|<~|~=|~>|~<|=>|>=|=<|<=|<|>|=)/;

/**
 * Dependencies of a `D:` value, as ScanCode: negated (`!x`), path, `cmd:` and `so:` entries are
 * skipped; `pc:` ones get scope `depend:pkgconfig`; `name=ver` pins the version.
 */
export function alpineDependencies(value: string, scope = 'depend'): DependencyInput[] {
  const out: DependencyInput[] = [];
  for (let dep of value.split(/\s+/)) {
    if (!dep || /^(!|\/|cmd:|so:)/.test(dep)) continue;
    let depScope = scope;
    if (dep.startsWith('pc:')) {
      dep = dep.slice(3);
      depScope = `${scope}:pkgconfig`;
    }
    const parts = dep.split(OPERATOR);
    let name = dep;
    let requirement: string | null = null;
    let version: string | null = null;
    if (parts.length === 3) {
      const operator = [...parts[1]].sort().join('');
      name = parts[0];
      requirement = operator + parts[2];
      if (operator === '=') version = parts[2];
    }
    const purl = dependencyPurl('alpine', null, name, version);
    if (!purl || out.some((d) => d.purl === purl && d.scope === depScope)) continue;
    out.push({ purl, scope: depScope, extracted_requirement: requirement, is_runtime: true, is_optional: false, is_pinned: version !== null });
  }
  return out;
}

export function sourcePackage(origin: string, version: string | null): string | null {
  return purlOf({ type: 'alpine', namespace: null, name: origin, version, qualifiers: {}, subpath: null });
}

/** A `t:`/builddate epoch as an ISO date (UTC), or null. */
export function releaseDate(value: string): string | null {
  if (!/^\d{1,12}$/.test(value)) return null;
  return new Date(Number(value) * 1000).toISOString().slice(0, 10);
}

export const aportsCommitUrl = (commit: string) => `git+http://git.alpinelinux.org/aports/commit/?id=${commit}`;
