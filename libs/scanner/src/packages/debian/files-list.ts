/**
 * dpkg file lists: `var/lib/dpkg/info/<name>[:<arch>].list` (one absolute path a line),
 * `.md5sums` (`<md5>  <relative path>`), and the `md5sums` of an extracted .deb control archive.
 * The package name (and `arch` qualifier, as ScanCode spells it here) come from the file name.
 * The installed ones are assembled only through the status database (no package of their own).
 */
import { assembleFromManyDatafiles, baseName, datafileDir, linkTree, parentPath, type AssemblyContext } from '../assembly';
import type { DatafileHandler } from '../handler';
import { packageData, type FileReference, type PackageData } from '../package-data';

/** Root directories dpkg lists that are never a package's own (ScanCode's `ignored_root_dirs`). */
export const IGNORED_ROOT_DIRS = new Set([
  '/.', '/bin', '/boot', '/cdrom', '/dev', '/etc', '/etc/skel', '/home', '/lib', '/lib32', '/lib64', '/lost+found',
  '/mnt', '/media', '/opt', '/proc', '/root', '/run', '/usr', '/sbin', '/snap', '/sys', '/tmp', '/usr/games',
  '/usr/include', '/usr/sbin', '/usr/share/info', '/usr/share/man', '/usr/share/misc', '/usr/src', '/var',
  '/var/backups', '/var/cache', '/var/lib/dpkg', '/var/lib/misc', '/var/local', '/var/lock', '/var/log', '/var/opt',
  '/var/run', '/var/spool', '/var/tmp', '/var/lib',
]);

export function parseFilesList(path: string, content: Buffer, datasourceId: string): PackageData[] {
  if (content.includes(0)) throw new Error('not a dpkg file list: binary content');
  const file = baseName(path);
  const stem = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
  const [name, arch] = stem.includes(':') ? [stem.slice(0, stem.indexOf(':')), stem.slice(stem.indexOf(':') + 1)] : [stem, null];
  const refs: FileReference[] = [];
  for (const raw of content.toString('utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    // A .list line is a bare path (it may contain spaces); a .md5sums line is "<md5>  <path>".
    const m = /^([0-9a-f]{32}) +(.+)$/.exec(line);
    const [md5, filePath] = m ? [m[1], m[2].trim()] : [null, line];
    if (!m && !filePath.startsWith('/')) throw new Error(`not a dpkg file list: unexpected line ${JSON.stringify(line.slice(0, 80))}`);
    if (IGNORED_ROOT_DIRS.has(filePath)) continue;
    refs.push({ path: filePath, size: null, sha1: null, md5, sha256: null, sha512: null, extra_data: {} });
  }
  if (!refs.length) return [];
  // An extracted .deb's `md5sums` names no package (ScanCode would call it "md5sums").
  const pkgName = datasourceId === 'debian_md5sums_in_extracted_deb' ? null : name;
  return [packageData(datasourceId, { type: 'deb', name: pkgName, qualifiers: arch ? { arch } : {}, file_references: refs })];
}

function installedList(datasourceId: string, pattern: string, description: string, documentationUrl: string | null): DatafileHandler {
  return {
    datasourceId,
    pathPatterns: [pattern],
    defaultPackageType: 'deb',
    defaultPrimaryLanguage: null,
    description,
    documentationUrl,
    isSystem: true,
    parse: ({ path, content }) => parseFilesList(path, content, datasourceId),
    // Assembled only from the status database entry; left alone here.
    assemble: () => undefined,
  };
}

export const debianInstalledFilesListHandler = installedList('debian_installed_files_list', '*var/lib/dpkg/info/*.list', 'Debian installed file paths list', null);

export const debianInstalledMd5sumsHandler = installedList(
  'debian_installed_md5sums',
  '*var/lib/dpkg/info/*.md5sums',
  'Debian installed file MD5 and paths list',
  'https://www.debian.org/doc/manuals/debian-handbook/sect.package-meta-information.en.html#sect.configuration-scripts',
);

/**
 * An extracted .deb (`<x>/control.tar.*-extract/{control,md5sums}`): one package from the control
 * file, updated with the md5sums, linked to the tree two levels up (the extracted .deb).
 */
export function assembleExtractedDeb(ctx: AssemblyContext, path: string): void {
  const dir = datafileDir(path);
  const pkg = assembleFromManyDatafiles(ctx, dir, ['control', 'md5sums']);
  const root = parentPath(dir);
  if (pkg && root !== null) linkTree(ctx, pkg, root);
}

export const debianMd5sumsInExtractedDebHandler: DatafileHandler = {
  datasourceId: 'debian_md5sums_in_extracted_deb',
  pathPatterns: ['*/control.tar.gz-extract/md5sums', '*/control.tar.xz-extract/md5sums'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian file MD5 and paths list in .deb archive',
  documentationUrl: 'https://www.debian.org/doc/manuals/debian-handbook/sect.package-meta-information.en.html#sect.configuration-scripts',
  parse: ({ path, content }) => parseFilesList(path, content, 'debian_md5sums_in_extracted_deb'),
  assemble: (ctx, path) => assembleExtractedDeb(ctx, path),
};
