/**
 * PEP 508 requirement strings (`name[extra]>=1,<2; python_version < "3.8"`), read the way
 * ScanCode reads them through `packaging`: canonical name, sorted specifier set, top-level marker
 * terms. Hand-written: no PEP 508 parser is installed.
 */
import type { DependencyInput } from '../package-data';
import { dependencyPurl } from '../package-data';

export interface Specifier {
  operator: string;
  version: string;
}

export interface Requirement {
  name: string;
  extras: string[];
  specifiers: Specifier[];
  url: string | null;
  marker: string | null;
}

const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*/;
const SPEC = /^(===|==|!=|~=|<=|>=|<|>)\s*([^\s,;)]+)$/;

/** Parses a PEP 508 requirement; throws on an invalid one. */
export function parseRequirement(text: string): Requirement {
  let rest = text.trim();
  let marker: string | null = null;
  const semi = findMarkerStart(rest);
  if (semi >= 0) {
    marker = rest.slice(semi + 1).trim() || null;
    rest = rest.slice(0, semi).trim();
  }
  const m = NAME.exec(rest);
  if (!m) throw new Error(`invalid requirement: ${JSON.stringify(text)}`);
  const name = m[1];
  rest = rest.slice(m[0].length);
  let extras: string[] = [];
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) throw new Error(`invalid requirement extras: ${JSON.stringify(text)}`);
    extras = rest.slice(1, end).split(',').map((e) => e.trim()).filter(Boolean);
    rest = rest.slice(end + 1).trim();
  }
  let url: string | null = null;
  let specifiers: Specifier[] = [];
  if (rest.startsWith('@')) url = rest.slice(1).trim();
  else if (rest) {
    if (rest.startsWith('(') && rest.endsWith(')')) rest = rest.slice(1, -1);
    specifiers = rest.split(',').map((s) => {
      const sm = SPEC.exec(s.trim());
      if (!sm) throw new Error(`invalid requirement specifier: ${JSON.stringify(text)}`);
      return { operator: sm[1], version: sm[2] };
    });
  }
  return { name, extras, specifiers, url, marker };
}

function findMarkerStart(text: string): number {
  // A `;` in a URL requirement needs a space before it (PEP 508); elsewhere any `;` starts the marker.
  const at = text.indexOf('@');
  if (at < 0) return text.indexOf(';');
  const m = /\s;/.exec(text.slice(at));
  return m ? at + m.index + 1 : -1;
}

/** packaging's canonicalize_name. */
export function canonicalName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** str(SpecifierSet): the specifiers sorted, comma-joined. */
export function specifierString(specs: readonly Specifier[]): string {
  return specs.map((s) => `${s.operator}${s.version}`).sort().join(',');
}

/** The version when the specifiers pin exactly one (`==` / `===`), else null. */
export function pinnedVersion(specs: readonly Specifier[]): string | null {
  return specs.length === 1 && (specs[0].operator === '==' || specs[0].operator === '===') ? specs[0].version : null;
}

interface MarkerTerm {
  variable: string;
  op: string;
  value: string;
}

/** The top-level `var op "value"` terms of a marker (parenthesized groups are skipped, as ScanCode does). */
export function markerTerms(marker: string | null): MarkerTerm[] {
  if (!marker) return [];
  const terms: MarkerTerm[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < marker.length; i++) {
    const c = marker[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0) {
      const m = /^\s(and|or)\s/.exec(marker.slice(i));
      if (m) {
        parts.push(marker.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(marker.slice(start));
  for (const part of parts) {
    const m = /^\s*([A-Za-z_.]+)\s*(===|==|!=|~=|<=|>=|<|>|not in|in)\s*(['"])(.*?)\3\s*$/.exec(part);
    if (m) terms.push({ variable: m[1], op: m[2], value: m[4] });
  }
  return terms;
}

export interface RequiresOptions {
  defaultScope?: string;
  isOptional?: boolean;
  isRuntime?: boolean;
}

/**
 * ScanCode's get_requires_dependencies: one dependency per requirement string, the `extra`
 * marker as scope (then optional), python_version / sys_platform markers in extra_data.
 * Invalid requirement strings are skipped.
 */
export function requiresDependencies(requires: readonly unknown[] | null | undefined, opts: RequiresOptions = {}): DependencyInput[] {
  if (!Array.isArray(requires) || !requires.every((r) => typeof r === 'string')) return [];
  const out: DependencyInput[] = [];
  for (const text of requires as string[]) {
    let req: Requirement;
    try {
      req = parseRequirement(text);
    } catch {
      continue;
    }
    const version = pinnedVersion(req.specifiers);
    const terms = markerTerms(req.marker);
    const extra = terms.find((t) => t.variable === 'extra' && t.op === '==')?.value ?? null;
    const extraData: Record<string, string> = {};
    for (const t of terms) {
      if (t.variable === 'python_version' && ['<', '>=', '==', '<='].includes(t.op)) extraData['python_version'] = `${t.op} ${t.value}`;
      if (t.variable === 'sys_platform' && t.op === '==') extraData['sys_platform'] = `${t.op} ${t.value}`;
    }
    out.push({
      purl: dependencyPurl('pypi', null, canonicalName(req.name), version),
      extracted_requirement: req.specifiers.length ? specifierString(req.specifiers) : null,
      scope: extra ?? opts.defaultScope ?? 'install',
      is_runtime: opts.isRuntime ?? true,
      is_optional: Boolean(opts.isOptional) || Boolean(extra),
      is_pinned: version !== null,
      is_direct: true,
      extra_data: extraData,
    });
  }
  return out;
}
