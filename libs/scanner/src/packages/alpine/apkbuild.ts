/**
 * `alpine_apkbuild`: static reading of an APKBUILD shell script, never executed. A small
 * hand-written reader (no JS library reads shell assignments): top-level `name=value`
 * assignments (unquoted, '…' or "…" possibly multi-line), function bodies skipped, `$var` and
 * `${var}` replaced by earlier values; anything fancier (`${var%.*}`, `$(cmd)`) stays unresolved
 * and is listed in extra_data.apkbuild_variable_resolution_errors, as ScanCode does.
 */
import { assembleFromManyDatafiles, datafileDir } from '../assembly';
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput } from '../package-data';
import { alpineDependencies, maintainers } from './fields';

type Vars = Map<string, string>;

/** Top-level assignments of a shell script, values unquoted but not yet substituted. */
export function shellAssignments(text: string): Vars {
  const vars: Vars = new Map();
  const lines = text.split(/\r?\n/);
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (depth > 0 || /^\s*[A-Za-z_][\w-]*\s*\(\)\s*\{?\s*$/.test(line) || /^\s*\{\s*$/.test(line)) {
      depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      if (depth < 0) depth = 0;
      continue;
    }
    const m = /^([A-Za-z_]\w*)=(.*)$/.exec(line);
    if (!m) continue;
    let rest = m[2];
    const q = rest[0];
    if (q === '"' || q === "'") {
      let body = rest.slice(1);
      // A quoted value runs until its closing quote, maybe several lines down.
      while (!closes(body, q) && i + 1 < lines.length) body += `\n${lines[++i]}`;
      const end = closingIndex(body, q);
      rest = end < 0 ? body : body.slice(0, end);
      vars.set(m[1], q === '"' ? rest.replace(/\\(["\\$`])/g, '$1') : rest);
    } else {
      vars.set(m[1], rest.replace(/\s+#.*$/, '').trim());
    }
  }
  return vars;
}

function closingIndex(s: string, q: string): number {
  for (let i = 0; i < s.length; i++) {
    if (q === '"' && s[i] === '\\') i++;
    else if (s[i] === q) return i;
  }
  return -1;
}

const closes = (s: string, q: string) => closingIndex(s, q) >= 0;

/** Replaces `$name`/`${name}` by known values; returns the value and whether it is fully resolved. */
export function substitute(value: string, vars: Vars): { value: string; resolved: boolean } {
  let resolved = true;
  const out = value.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)|\$\{[^}]*\}|\$\(/g, (all, a?: string, b?: string) => {
    const name = a ?? b;
    const v = name !== undefined ? vars.get(name) : undefined;
    if (v === undefined) {
      resolved = false;
      return all;
    }
    return v;
  });
  return { value: out, resolved };
}

const NEEDED = ['pkgname', 'pkgver', 'pkgrel', 'pkgdesc', 'url', 'license', 'depends', 'makedepends', 'source', 'sha512sums', 'sha256sums', 'md5sums', 'maintainer'];
const ESSENTIAL = new Set(['pkgname', 'pkgver', 'license', 'source', 'sha512sums', 'sha256sums', 'md5sums']);

export function parseApkbuild(content: Buffer) {
  if (content.includes(0)) throw new Error('not an APKBUILD: binary content');
  const raw = shellAssignments(content.toString('utf8'));
  const resolvedVars: Vars = new Map();
  const errors: { name: string; value: string }[] = [];
  // Substitute in assignment order, so `$pkgname-$pkgver` sees earlier values only.
  for (const [name, value] of raw) {
    const s = substitute(value, resolvedVars);
    resolvedVars.set(name, s.value);
    if (!s.resolved && NEEDED.includes(name) && ESSENTIAL.has(name)) errors.push({ name, value: s.value });
  }
  const get = (n: string) => resolvedVars.get(n)?.trim() || null;
  const name = get('pkgname');
  const pkgver = get('pkgver');
  if (!name || !pkgver) throw new Error('not an APKBUILD: no pkgname or pkgver');
  const rel = get('pkgrel');
  const extra: Record<string, unknown> = {};
  const sources = (get('source') ?? '').split('\n').map((l) => l.trim()).filter(Boolean).map(sourceEntry);
  if (sources.length) extra['sources'] = sources;
  for (const [field, key] of [['sha512sums', 'sha512'], ['sha256sums', 'sha256'], ['md5sums', 'md5']] as const) {
    const v = get(field);
    if (v) extra['checksums'] = checksumEntries(v, key);
  }
  if (errors.length) extra['apkbuild_variable_resolution_errors'] = errors;
  const deps: DependencyInput[] = [...alpineDependencies(get('depends') ?? '', 'depends'), ...alpineDependencies(get('makedepends') ?? '', 'makedepends')];
  for (const d of deps) if (d.scope?.startsWith('makedepends')) d.is_runtime = false;
  return [packageData('alpine_apkbuild', {
    type: 'alpine', name, version: rel ? `${pkgver}-r${rel}` : pkgver, description: get('pkgdesc'), homepage_url: get('url'),
    extracted_license_statement: get('license'), parties: maintainers(get('maintainer') ?? ''), extra_data: extra, dependencies: deps,
  })];
}

function sourceEntry(entry: string): { file_name: string | null; url: string | null } {
  if (/^(https?|ftp):\/\//.test(entry)) return { file_name: null, url: entry };
  const i = entry.indexOf('::');
  if (i > 0 && /(https?|ftp):\/\//.test(entry)) return { file_name: entry.slice(0, i).trim(), url: entry.slice(i + 2).trim() };
  return { file_name: entry, url: null };
}

function checksumEntries(value: string, key: string): Record<string, string>[] {
  return value.split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const i = line.indexOf('  ');
    if (i < 0) throw new Error(`invalid APKBUILD checksums line: ${JSON.stringify(line.slice(0, 80))}`);
    return { file_name: line.slice(i + 2).trim(), [key]: line.slice(0, i).trim() };
  });
}

export const alpineApkbuildHandler: DatafileHandler = {
  datasourceId: 'alpine_apkbuild',
  pathPatterns: ['*APKBUILD'],
  defaultPackageType: 'alpine',
  defaultPrimaryLanguage: null,
  description: 'Alpine Linux APKBUILD package script',
  documentationUrl: 'https://wiki.alpinelinux.org/wiki/APKBUILD_Reference',
  parse: ({ content }) => parseApkbuild(content),
  // The package owns its directory tree (ScanCode's assign_package_to_parent_tree).
  assemble: (ctx, path) => void assembleFromManyDatafiles(ctx, datafileDir(path), ['APKBUILD'], { linkTree: true }),
};
