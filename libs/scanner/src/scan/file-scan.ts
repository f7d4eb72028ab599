import { lstatSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { emptyInfo, fileInfoFromContent, FileInfo, MAGIC_HEAD_BYTES, readFileContent, type ReadFileContent } from '../info';
import { detectLicenses, LicenseScan, ruleIgnorables } from '../license';
import { CopyrightScan, detectCopyrights } from '../copyright';
import { findEmails, findUrls } from '../finder';
import { textLines } from '../text';
import { readRange, type FileRange } from '../archive/archive-tree';
import { ScanOptions } from './scan-options';
import { filterClues } from './filter-clues';
import { allHandlers, applicationHandlers, matchingHandlers, populateLicenseFields, recognizePackageData, type DatafileHandler, type PackageData } from '../packages';

export interface FileScanTask {
  /** Where the file is; with `range`, only its name (the bytes are elsewhere). */
  absPath: string;
  /** The file's bytes as a range of another file (a file of an image layer read in place). */
  range?: FileRange;
  /** With `range`: the files of its directory by name, for the handlers that read a datafile's siblings. */
  siblings?: Record<string, FileRange>;
  path: string;
  type: 'file' | 'directory' | 'symlink';
  options: ScanOptions;
}

/** Whether scanning a file reads it: file info, a content scanner, or a package handler that recognises its name. */
export function fileScanReadsContent(task: Pick<FileScanTask, 'absPath' | 'options'>): boolean {
  const { info, license, copyright, email, url } = task.options;
  if (info || license || copyright || email || url) return true;
  return task.options.package && matchingHandlers(task.absPath, packageHandlers(task.options)).length > 0;
}

export interface FileScanOutput {
  info: FileInfo | null;
  license: LicenseScan | null;
  copyright: CopyrightScan | null;
  emails: { email: string; start_line: number; end_line: number }[] | null;
  urls: { url: string; start_line: number; end_line: number }[] | null;
  /** With the `package` option: the file's package data (`[]` when it is no datafile). */
  package_data?: PackageData[];
  scan_errors: string[];
}

/** Which handlers a package scan uses: ScanCode's application list, or all with package_only or system packages. */
function packageHandlers(options: ScanOptions): readonly DatafileHandler[] {
  return options.packageOnly || options.systemPackages ? allHandlers() : applicationHandlers();
}

/**
 * Scans one file with every enabled scanner. Each scanner's failure is recorded in
 * `scan_errors` (ScanCode's wording) and the others still run. A file is read once, in one
 * synchronous pass: the bytes serve hashing, libmagic and the text scanners.
 */
export async function scanOneFile(task: FileScanTask): Promise<FileScanOutput> {
  const out: FileScanOutput = { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [] };
  const fail = (scanner: string, e: unknown) => out.scan_errors.push(`ERROR: for scanner: ${scanner}:\n${(e as Error)?.message ?? String(e)}`);
  const name = basename(task.absPath);
  if (task.type !== 'file') {
    // The walk already knows the type: directories and symlinks get names only, no syscall.
    if (task.options.info) out.info = emptyInfo(task.type, name);
    return out;
  }
  const { license, copyright, email, url } = task.options;
  // ScanCode matches datafile patterns against the file's location (its absolute path).
  const handlers = task.options.package ? matchingHandlers(task.absPath, packageHandlers(task.options)) : [];
  if (task.options.package) out.package_data = [];
  const wantContent = license || copyright || email || url || handlers.length > 0;
  // Nothing to learn from the bytes (a packages-only scan of a file no handler recognises): never opened.
  if (!wantContent && !task.options.info) return out;
  let read: ReadFileContent | null;
  try {
    read = readFileContent(task.absPath, { contentLimit: wantContent ? task.options.maxFileSize : -1, headBytes: MAGIC_HEAD_BYTES, hash: task.options.info }, task.range);
  } catch (e) {
    // As before the single read: the info scanner and the content read each report the failure.
    if (task.options.info) fail('info', e);
    if (wantContent) fail('content', e);
    return out;
  }
  if (task.options.info) {
    try {
      out.info = read ? await fileInfoFromContent(name, read) : emptyInfo('file', name);
    } catch (e) {
      fail('info', e);
    }
  }
  // Not a regular file (fifo, device): reported as an empty file and never read.
  if (!read) return out;
  const size = read.size;
  if (size > task.options.maxFileSize) {
    out.scan_errors.push(`ERROR: for scanner: content:\nFile size ${size} is over the maximum of ${task.options.maxFileSize} bytes: not scanned`);
    return out;
  }
  if (!wantContent) return out;
  if (handlers.length > 0) scanPackageData(task, read.content ?? Buffer.alloc(0), handlers, out);
  if (!(license || copyright || email || url)) return out;
  let lines;
  try {
    lines = textLines(read.content ?? Buffer.alloc(0));
  } catch (e) {
    fail('content', e);
    return out;
  }
  if (license) {
    try {
      out.license = detectLicenses(lines, { path: fromFile(task), includeText: task.options.licenseText, diagnostics: task.options.licenseDiagnostics, textDiagnostics: task.options.licenseTextDiagnostics, unknownLicenses: task.options.unknownLicenses });
    } catch (e) {
      fail('licenses', e);
    }
  }
  if (copyright) {
    try {
      out.copyright = detectCopyrights(lines, { path: task.path });
    } catch (e) {
      fail('copyrights', e);
    }
  }
  if (email) {
    try {
      out.emails = findEmails(lines);
    } catch (e) {
      fail('emails', e);
    }
  }
  if (url) {
    try {
      out.urls = findUrls(lines);
    } catch (e) {
      fail('urls', e);
    }
  }
  if (task.options.filterClues) {
    try {
      filterClues(out, ruleIgnorables);
    } catch (e) {
      fail('filter-clues', e);
    }
  }
  return out;
}

/** The path license matches name as their from_file, if the scan names one. */
function fromFile(task: FileScanTask): string | undefined {
  return task.options.licenseFromFile === false ? undefined : task.path;
}

function scanPackageData(task: FileScanTask, content: Buffer, handlers: readonly DatafileHandler[], out: FileScanOutput): void {
  try {
    // A file of a mounted tree (a range of an archive) has its directory's files as ranges.
    const max = task.options.maxFileSize;
    const sibling = task.range ? (name: string) => rangeSibling(task.siblings, name, max) : (name: string) => readSibling(task.absPath, name, max);
    const found = recognizePackageData(task.absPath, content, handlers, task.path, sibling);
    out.scan_errors.push(...found.errors);
    if (!task.options.packageOnly) for (const pd of found.packageData) populateLicenseFields(pd, fromFile(task) ?? null);
    out.package_data = found.packageData;
  } catch (e) {
    out.scan_errors.push(`ERROR: for scanner: packages:\n${(e as Error)?.message ?? String(e)}`);
  }
}

/** A sibling of a file of a mounted tree, from its range. */
function rangeSibling(siblings: Record<string, FileRange> | undefined, name: string, maxSize: number): Buffer | null {
  const range = siblings && Object.hasOwn(siblings, name) ? siblings[name] : undefined;
  return range && range.size <= maxSize ? readRange(range) : null;
}

/** A regular file next to `absPath` (a datafile's sibling), or null when absent, a symlink (never followed out of the codebase), not a file or too large. */
function readSibling(absPath: string, name: string, maxSize: number): Buffer | null {
  const path = join(dirname(absPath), name);
  try {
    const st = lstatSync(path);
    return st.isFile() && st.size <= maxSize ? readFileSync(path) : null;
  } catch {
    return null;
  }
}
