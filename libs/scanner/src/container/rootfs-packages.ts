/**
 * The installed system packages of one root directory (a rootfs, or one extracted layer):
 * ScanCode's `--system-package` scan of that directory. The installed-package databases (dpkg
 * status and status.d with their info/*.list and *.md5sums and the packages' copyright files,
 * apk installed, rpmdb in sqlite, ndb or bdb form) are read with the package handlers and
 * assembled as the toolkit does; each package comes back with the files its database says it
 * installed (rootfs paths with their checksums) and the ones missing from the directory.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { readRange, type ArchiveTree, type FileRange } from '../archive/archive-tree';
import { assemblePackages, CodebaseView, type AssemblyMessage, type CodebaseEntry, type Dependency, type Package } from '../packages/assembly';
import { randomUid, type UidFactory } from '../packages/assembly/records';
import type { DatafileHandler } from '../packages/handler';
import { populateLicenseFields } from '../packages/license-fields';
import type { FileReference } from '../packages/package-data';
import { matchingHandlers, recognizePackageData, type RecognizeResult } from '../packages/recognize';
import { handlersById, systemHandlers } from '../packages/registry';
import { rootReader, type RootReader } from './root-reader';

export interface InstalledFile {
  /** Absolute path inside the root (`/usr/bin/x`): ScanCode.io's `rootfs_path`. */
  path: string;
  size: number | null;
  md5: string | null;
  sha1: string | null;
  sha256: string | null;
  sha512: string | null;
}

export interface InstalledPackage {
  /** The top-level package record (toolkit `packages[]` shape); datafile paths start with the root's name. */
  package: Package;
  installedFiles: InstalledFile[];
  /** Installed files with no entry at their path in the root (ScanCode.io's missing_resources). */
  missingFiles: string[];
  /** Codebase paths (`<root name>/…`) the assembly links to the package: its files and own database files. */
  linkedPaths: string[];
}

export interface RootPackages {
  packages: InstalledPackage[];
  dependencies: Dependency[];
  /** Codebase path (`<root name>/...`) -> package_uids of the packages it belongs to. */
  links: Map<string, string[]>;
  /** Unreadable databases, parse and assembly errors, missing-file warnings. */
  messages: AssemblyMessage[];
}

export interface RootPackagesOptions {
  /** The first segment of codebase paths; the root directory's name by default (as codescan). */
  rootName?: string;
  /** Detect licenses in the packages' license statements (ScanCode does, unless package_only). */
  licenses?: boolean;
  uid?: UidFactory;
  /** The root's archive tree, when it is an image layer read in place (mounted at the root directory). */
  tree?: ArchiveTree;
  /** Parses the root's datafiles elsewhere (a run's worker pool); in this thread by default. */
  parse?: SystemDatafileParser;
}

/** A file of a root that an installed-database handler recognises, to be parsed. */
export interface SystemDatafileTask {
  absPath: string;
  /** The file's bytes as a range of another file (a layer read in place). */
  range?: FileRange;
  /** Its codebase path (`<root name>/...`). */
  path: string;
}

/** Parses system datafiles (on a worker pool, say), each task's answer at its index. */
export type SystemDatafileParser = (tasks: SystemDatafileTask[]) => Promise<RecognizeResult[]>;

/** The package data of one system datafile (and the errors of its handlers), read and parsed here. */
export function parseSystemDatafile(task: SystemDatafileTask): RecognizeResult {
  const content = task.range ? readRange(task.range) : readFileSync(task.absPath);
  return recognizePackageData(task.absPath, content, installedDatabaseHandlers(), task.path);
}

/** The system handlers, plus the dpkg copyright file that ScanCode's dpkg assembly merges. */
function installedDatabaseHandlers(): DatafileHandler[] {
  const copyright = handlersById().get('debian_copyright_in_package');
  return [...systemHandlers(), ...(copyright ? [copyright] : [])];
}

export function toInstalledFile(ref: FileReference): InstalledFile {
  return { path: `/${ref.path.replace(/^\/+/, '')}`, size: ref.size ?? null, md5: ref.md5 ?? null, sha1: ref.sha1 ?? null, sha256: ref.sha256 ?? null, sha512: ref.sha512 ?? null };
}

export async function installedPackagesOfRoot(rootDir: string, opts: RootPackagesOptions = {}): Promise<RootPackages> {
  const root = await rootReader(rootDir, opts.tree);
  const rootName = opts.rootName ?? basename(root.dir);
  const handlers = installedDatabaseHandlers();
  const entries: CodebaseEntry[] = [];
  const messages: AssemblyMessage[] = [];
  const datafiles: { entry: CodebaseEntry; task: SystemDatafileTask }[] = [];
  for await (const e of root.entries(rootName)) {
    const entry: CodebaseEntry = { path: e.path, type: e.type };
    if (e.type === 'file' && matchingHandlers(e.absPath, handlers).length) datafiles.push({ entry, task: { absPath: e.absPath, range: e.range, path: e.path } });
    entries.push(entry);
  }
  // Parsed all at once (a Debian root's copyright files give the copyright detector seconds of work), in walk order.
  const tasks = datafiles.map((d) => d.task);
  const parsed = opts.parse ? await opts.parse(tasks) : tasks.map(parseSystemDatafile);
  for (const [i, { entry }] of datafiles.entries()) {
    const found = parsed[i];
    for (const error of found.errors) messages.push({ severity: 'error', path: entry.path, description: error });
    if (opts.licenses !== false) for (const pd of found.packageData) populateLicenseFields(pd, entry.path);
    if (found.packageData.length) entry.packageData = found.packageData;
  }
  const view = new CodebaseView(entries, (path) => readInside(root, rootName, path), (path) => realPathInside(root, rootName, path));
  const ctx = assemblePackages(view, handlersById(), opts.uid ?? randomUid);
  const linkedPaths = new Map<string, string[]>();
  for (const [path, uids] of ctx.links) {
    for (const uid of uids) {
      const list = linkedPaths.get(uid);
      if (list) list.push(path);
      else linkedPaths.set(uid, [path]);
    }
  }
  const packages = ctx.packages.map((pkg) => {
    const installedFiles = (ctx.installedFiles.get(pkg.package_uid) ?? []).map(toInstalledFile);
    const missing = (pkg.extra_data['missing_file_references'] as FileReference[] | undefined) ?? [];
    return { package: pkg, installedFiles, missingFiles: missing.map((r) => toInstalledFile(r).path), linkedPaths: linkedPaths.get(pkg.package_uid) ?? [] };
  });
  return { packages, dependencies: ctx.dependencies, links: ctx.links, messages: [...messages, ...ctx.messages] };
}

/** Reads a codebase path of the root for the assembly (os-release, file lists), never outside it. */
function readInside(root: RootReader, rootName: string, path: string): Buffer | null {
  if (path !== rootName && !path.startsWith(`${rootName}/`)) return null;
  return root.read(path.slice(rootName.length + 1));
}

/** The codebase path of a path of the root once its symlinks are followed, if it stays inside the root. */
function realPathInside(root: RootReader, rootName: string, path: string): string | null {
  if (!path.startsWith(`${rootName}/`)) return null;
  const real = root.realPath(path.slice(rootName.length + 1));
  return real ? `${rootName}/${real}` : null;
}
