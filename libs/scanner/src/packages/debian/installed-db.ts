/**
 * The dpkg installed database: `var/lib/dpkg/status` (every paragraph, as ScanCode 32.x: it does
 * not filter on the Status field) and distroless `var/lib/dpkg/status.d/<name>` files.
 *
 * Assembly (ScanCode's DebianInstalledStatusDatabaseHandler.assemble): one package per
 * paragraph, namespaced from its own version and maintainer clues (see namespace-clues.ts), else
 * the most frequent clue of the database, else the rootfs os-release ID, else `debian`; updated with and linked to its `info/<name>[:<arch>].list` / `.md5sums` and
 * `usr/share/doc/<name>/copyright`; the files those lists name are linked, missing ones recorded.
 */
import { joinPath, type AssemblyContext } from '../assembly';
import { distroFromOsRelease } from '../distro/os-release';
import { linkFileReferences, referencePath, rootOf, withNamespace } from '../distro/system-package';
import type { DatafileHandler } from '../handler';
import type { FileReference, PackageData } from '../package-data';
import { buildDebianPackageData } from './build';
import { parseParagraphs } from './deb822';
import { parseFilesList } from './files-list';
import { mostFrequentClue, namespaceClue } from './namespace-clues';

const STATUS = 'var/lib/dpkg/status';
const DOC = 'https://www.debian.org/doc/debian-policy/ch-controlfields.html';

function parseStatus(content: Buffer, datasourceId: string, namespace: string | null): PackageData[] {
  if (content.includes(0)) throw new Error('not a dpkg status file: binary content');
  return parseParagraphs(content.toString('utf8'))
    .filter((p) => p.has('package'))
    .map((p) => buildDebianPackageData(p, datasourceId, namespace));
}

/** The copyright and info datafiles of one installed package, in ScanCode's order (its datasource_ids keep it). */
function companionPaths(root: string, pd: PackageData): string[] {
  const arch = pd.qualifiers['arch'];
  const suffixes = pd.extra_data['multi_arch'] === 'same' && arch ? ['', `:${arch}`] : [''];
  const out: string[] = [`usr/share/doc/${pd.name}/copyright`];
  for (const ext of ['md5sums', 'list']) for (const s of suffixes) out.push(`var/lib/dpkg/info/${pd.name}${s}.${ext}`);
  return out.map((p) => joinPath(root, p));
}

/** Package data of a companion file: what the scan recognized, else read and parsed here. */
function companionData(ctx: AssemblyContext, path: string): readonly PackageData[] {
  const known = ctx.codebase.packageData(path);
  if (known.length || path.endsWith('/copyright')) return known;
  const content = ctx.codebase.read(path);
  if (!content) return [];
  const id = path.endsWith('.list') ? 'debian_installed_files_list' : 'debian_installed_md5sums';
  try {
    return parseFilesList(path, content, id);
  } catch (e) {
    ctx.warn(path, (e as Error).message);
    return [];
  }
}

/** Drops the directories of a .list that are the parent of another entry (shared by many packages). */
function withoutParentDirectories(refs: FileReference[]): FileReference[] {
  // .list paths start with '/', .md5sums paths do not: compare without it.
  const bare = (p: string) => p.replace(/^\/+/, '');
  const parents = new Set(refs.map((r) => bare(r.path.slice(0, r.path.lastIndexOf('/')))));
  return refs.filter((r) => !parents.has(bare(r.path)));
}

function assembleInstalled(ctx: AssemblyContext, path: string, data: readonly PackageData[], root: string): void {
  const distro = distroFromOsRelease(ctx, root);
  const clues = data.map(namespaceClue);
  const fallback = mostFrequentClue(clues) ?? distro?.id ?? 'debian';
  for (const [i, raw] of data.entries()) {
    const pd = raw.namespace ? raw : withNamespace(raw, clues[i] ?? fallback);
    const pkg = ctx.createPackage(pd, path);
    ctx.link(path, pkg);
    ctx.addDependencies(pd, path, pkg);
    const refs = new Map<string, FileReference>();
    for (const companion of companionPaths(root, pd)) {
      if (!ctx.codebase.exists(companion)) continue;
      for (const other of companionData(ctx, companion)) {
        ctx.updatePackage(pkg, { ...other, version: null, qualifiers: {}, subpath: null, namespace: null }, companion);
        for (const ref of other.file_references) {
          // A .list and a .md5sums name the same files: merge them (the md5 comes from .md5sums).
          // The path stays as the first list wrote it (ScanCode's missing_file_references do).
          const key = referencePath(root, ref);
          const seen = refs.get(key);
          if (seen) seen.md5 = seen.md5 ?? ref.md5 ?? null;
          else refs.set(key, { ...ref });
        }
      }
      ctx.link(companion, pkg);
      ctx.markProcessed(companion);
    }
    linkFileReferences(ctx, pkg, root, withoutParentDirectories([...refs.values()]), path);
  }
  ctx.markProcessed(path);
}

export const debianInstalledStatusDbHandler: DatafileHandler = {
  datasourceId: 'debian_installed_status_db',
  pathPatterns: ['*var/lib/dpkg/status'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian installed packages database',
  documentationUrl: DOC,
  isSystem: true,
  parse: ({ content }) => parseStatus(content, 'debian_installed_status_db', null),
  assemble: (ctx, path, data) => assembleInstalled(ctx, path, data, rootOf(path, STATUS) ?? ''),
};

export const debianDistrolessInstalledDbHandler: DatafileHandler = {
  datasourceId: 'debian_distroless_installed_db',
  pathPatterns: ['*var/lib/dpkg/status.d/*'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian distroless installed database',
  documentationUrl: DOC,
  isSystem: true,
  // distroless keeps one status file per package (and sometimes `<name>.md5sums` next to it).
  accepts: (_head, path) => !path.endsWith('.md5sums'),
  parse: ({ content }) => parseStatus(content, 'debian_distroless_installed_db', 'distroless'),
  assemble(ctx, path, data) {
    const dir = path.slice(0, path.lastIndexOf('/'));
    assembleInstalled(ctx, path, data, rootOf(dir, 'var/lib/dpkg/status.d') ?? '');
  },
};
