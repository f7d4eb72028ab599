/**
 * `etc_os_release` (ScanCode's distro.py EtcOsReleaseHandler) and `distroFromOsRelease`, the
 * helper the system-package assemblies (dpkg, apk, rpm) use to name their purl namespace.
 *
 * os-release is a tiny shell-style `KEY=value` format (freedesktop spec); no library reads it,
 * hence this hand-written reader: comments, blank lines, single/double quotes, `\` escapes.
 */
import { joinPath, type AssemblyContext } from '../assembly';
import type { DatafileHandler } from '../handler';
import { packageData } from '../package-data';

export type OsRelease = Record<string, string>;

export function parseOsRelease(text: string): OsRelease {
  const out: OsRelease = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) continue;
    out[m[1]] = unquote(m[2].trim());
  }
  return out;
}

function unquote(v: string): string {
  const q = v[0];
  if ((q === '"' || q === "'") && v.endsWith(q) && v.length >= 2) {
    const inner = v.slice(1, -1);
    return q === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
  }
  return v;
}

/**
 * ScanCode's namespace/name split: debian (name `debian`, or `distroless` when the pretty name
 * says so), ubuntu like debian (namespace `debian`, name `ubuntu`), otherwise namespace = ID and
 * name = ID_LIKE or ID. ScanCode 32.x names a plain Debian `distroless` too (a bug): not kept.
 */
function distroNames(os: OsRelease): { namespace: string | null; name: string | null } {
  const id = (os['ID'] ?? '').toLowerCase() || null;
  const idLike = os['ID_LIKE'] || null;
  const pretty = (os['PRETTY_NAME'] ?? '').toLowerCase();
  if (id === 'debian') return { namespace: 'debian', name: pretty.includes('distroless') ? 'distroless' : 'debian' };
  if (id === 'ubuntu' && idLike === 'debian') return { namespace: 'debian', name: 'ubuntu' };
  return { namespace: id, name: idLike ?? id };
}

export const etcOsReleaseHandler: DatafileHandler = {
  datasourceId: 'etc_os_release',
  pathPatterns: ['*etc/os-release', '*usr/lib/os-release'],
  defaultPackageType: 'linux-distro',
  defaultPrimaryLanguage: null,
  description: 'Linux OS release metadata file',
  documentationUrl: 'https://www.freedesktop.org/software/systemd/man/os-release.html',
  parse({ content }) {
    if (content.includes(0)) throw new Error('not an os-release file: binary content');
    const os = parseOsRelease(content.toString('utf8'));
    if (!os['ID'] && !os['NAME']) throw new Error('not an os-release file: no ID or NAME');
    const { namespace, name } = distroNames(os);
    return [packageData('etc_os_release', { type: 'linux-distro', namespace, name, version: os['VERSION_ID'] ?? null })];
  },
  // A NonAssemblableDatafileHandler in ScanCode: it only informs the system-package assemblies.
  assemble(ctx, path) {
    ctx.markProcessed(path);
  },
};

export interface Distro {
  /** os-release ID, lowercased (`debian`, `ubuntu`, `alpine`, `fedora`...). */
  id: string;
  idLike: string | null;
  versionId: string | null;
  prettyName: string | null;
  /** The os-release file read. */
  path: string;
  fields: OsRelease;
}

const OS_RELEASE_PATHS = ['etc/os-release', 'usr/lib/os-release'];

/**
 * The distro of the rootfs at `rootDir` (codebase-relative, '' for the codebase root), from its
 * `etc/os-release` or `usr/lib/os-release` (the former is often a symlink to the latter, which the
 * reader may not follow), or null when neither is readable.
 */
export function distroFromOsRelease(ctx: AssemblyContext, rootDir: string): Distro | null {
  for (const rel of OS_RELEASE_PATHS) {
    const path = joinPath(rootDir, rel);
    if (!ctx.codebase.exists(path)) continue;
    const content = ctx.codebase.read(path);
    if (!content) continue;
    const fields = parseOsRelease(content.toString('utf8'));
    const id = (fields['ID'] ?? '').toLowerCase();
    if (!id) continue;
    return { id, idLike: fields['ID_LIKE'] ?? null, versionId: fields['VERSION_ID'] ?? null, prettyName: fields['PRETTY_NAME'] ?? null, path, fields };
  }
  return null;
}
