/**
 * `rpm_spefile` (sic): static reading of an RPM .spec (ScanCode 32.x declares the handler but
 * yields nothing). The preamble and each `%package` section become PackageData: Name, Version,
 * Release, Epoch, Summary + %description, License, URL, Vendor/Packager, Requires and
 * BuildRequires (main package only) as dependencies, Source/Patch URLs in extra_data. Macros from
 * %define/%global and the preamble tags are expanded (`%{name}`, `%name`, `%{?dist}` → ''), a
 * bounded number of rounds; conditionals and shell expansions are left as written. Hand-written:
 * rpm's macro language has no JS implementation, and the spec is never executed.
 */
import type { DatafileHandler } from '../handler';
import { packageData, purlOf, type DependencyInput, type PackageData, type Party } from '../package-data';
import { evr } from './build';

type Macros = Map<string, string>;

function expand(text: string, macros: Macros): string {
  let out = text;
  for (let round = 0; round < 8 && out.includes('%'); round++) {
    const next = out.replace(/%\{(\?|!\?)?([A-Za-z_]\w*)\}|%([A-Za-z_]\w*)/g, (all, cond: string | undefined, a: string | undefined, b: string | undefined) => {
      const v = macros.get((a ?? b) as string);
      if (v !== undefined) return cond === '!?' ? '' : v;
      return cond ? '' : all;
    });
    if (next === out) break;
    out = next.length > 100_000 ? next.slice(0, 100_000) : next;
  }
  return out;
}

interface Section { name: string | null; tags: Map<string, string[]>; description: string[] }

function splitRequirement(value: string): DependencyInput[] {
  const out: DependencyInput[] = [];
  const re = /([^\s,]+)(?:\s*(>=|<=|=|<|>)\s*([^\s,]+))?/g;
  for (const m of value.matchAll(re)) {
    const name = m[1];
    if (name.startsWith('/') || name.includes('(') || name.includes('%')) continue;
    const pinned = m[2] === '=';
    const purl = purlOf({ type: 'rpm', namespace: null, name, version: pinned ? m[3] : null, qualifiers: {}, subpath: null });
    if (purl) out.push({ purl, extracted_requirement: m[2] ? `${m[2]} ${m[3]}` : null, is_pinned: pinned });
  }
  return out;
}

export function parseSpec(content: Buffer): PackageData[] {
  if (content.includes(0)) throw new Error('not an RPM spec file: binary content');
  const macros: Macros = new Map();
  const main: Section = { name: null, tags: new Map(), description: [] };
  const sections: Section[] = [main];
  let current: Section = main;
  let inDescription: Section | null = null;
  for (const raw of content.toString('utf8').split(/\r?\n/)) {
    const def = /^\s*%(define|global)\s+(\w+)\s+(.*)$/.exec(raw);
    if (def) { macros.set(def[2], expand(def[3].trim(), macros)); continue; }
    const sec = /^%(package|description|prep|build|install|check|files|changelog|pre|post|preun|postun|clean)\b\s*(.*)$/.exec(raw);
    if (sec) {
      inDescription = null;
      const arg = expand(sec[2].trim(), macros);
      const named = (a: string) => (a.startsWith('-n ') ? a.slice(3).trim() : a ? `${macros.get('name') ?? ''}-${a}` : null);
      if (sec[1] === 'package') sections.push((current = { name: named(arg), tags: new Map(), description: [] }));
      else if (sec[1] === 'description') inDescription = sections.find((s) => s.name === named(arg)) ?? null;
      else current = { name: '', tags: new Map(), description: [] };
      continue;
    }
    if (inDescription) { inDescription.description.push(raw); continue; }
    const tag = /^([A-Za-z][A-Za-z0-9]*)(\([^)]*\))?\s*:\s*(.*)$/.exec(raw);
    if (!tag || current.name === '') continue;
    const key = tag[1].toLowerCase().replace(/\d+$/, (d) => (/^(source|patch)/.test(tag[1].toLowerCase()) ? '' : d));
    const value = expand(tag[3].trim(), macros);
    current.tags.set(key, [...(current.tags.get(key) ?? []), value]);
    if (current === main && ['name', 'version', 'release', 'epoch'].includes(key)) macros.set(key, value);
  }
  const first = (s: Section, k: string) => s.tags.get(k)?.[0] ?? null;
  if (!first(main, 'name')) throw new Error('not an RPM spec file: no Name tag');
  return sections.filter((s) => s.name !== '').map((s) => {
    const isMain = s === main;
    const summary = first(s, 'summary');
    const desc = s.description.join('\n').trim() || null;
    const parties: Party[] = [];
    for (const [k, role] of [['vendor', 'vendor'], ['packager', 'packager']] as const) {
      const v = first(s, k) ?? (isMain ? null : first(main, k));
      if (v) parties.push({ type: null, role, name: v, email: null, url: null });
    }
    const deps = (s.tags.get('requires') ?? []).flatMap(splitRequirement).map((d) => ({ ...d, scope: 'requires' }));
    if (isMain) deps.push(...(s.tags.get('buildrequires') ?? []).flatMap(splitRequirement).map((d) => ({ ...d, scope: 'build', is_runtime: false })));
    const sources = isMain ? [...(s.tags.get('source') ?? []), ...(s.tags.get('patch') ?? [])] : [];
    return packageData('rpm_spefile', {
      type: 'rpm',
      name: isMain ? first(main, 'name') : s.name,
      version: evr(first(main, 'version'), first(main, 'release'), first(main, 'epoch')),
      description: summary && desc ? `${summary}\n${desc}` : (summary ?? desc),
      homepage_url: first(s, 'url') ?? first(main, 'url'),
      extracted_license_statement: first(s, 'license') ?? first(main, 'license'),
      parties,
      extra_data: sources.length ? { sources } : {},
      dependencies: deps,
    });
  });
}

export const rpmSpecfileHandler: DatafileHandler = {
  datasourceId: 'rpm_spefile',
  pathPatterns: ['*.spec'],
  defaultPackageType: 'rpm',
  defaultPrimaryLanguage: null,
  description: 'RPM specfile',
  documentationUrl: 'https://en.wikipedia.org/wiki/RPM_Package_Manager',
  parse: ({ content }) => parseSpec(content),
};
