import { open } from 'node:fs/promises';
import { getFileInfo, FileInfo } from '../info';
import { detectLicenses, LicenseScan } from '../license';
import { CopyrightScan, detectCopyrights } from '../copyright';
import { findEmails, findUrls } from '../finder';
import { textLines } from '../text';
import { ScanOptions } from './scan-options';

export interface FileScanTask {
  absPath: string;
  path: string;
  type: 'file' | 'directory' | 'symlink';
  options: ScanOptions;
}

export interface FileScanOutput {
  info: FileInfo | null;
  license: LicenseScan | null;
  copyright: CopyrightScan | null;
  emails: { email: string; start_line: number; end_line: number }[] | null;
  urls: { url: string; start_line: number; end_line: number }[] | null;
  scan_errors: string[];
}

/** Reads at most `limit` bytes: content scanners never see more than the size limit. */
async function readHead(absPath: string, limit: number): Promise<Buffer> {
  const fh = await open(absPath, 'r');
  try {
    const { size } = await fh.stat();
    const buf = Buffer.alloc(Math.min(size, limit));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Scans one file with every enabled scanner. Each scanner's failure is recorded in
 * `scan_errors` (ScanCode's wording) and the others still run.
 */
export async function scanOneFile(task: FileScanTask): Promise<FileScanOutput> {
  const out: FileScanOutput = { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [] };
  const fail = (scanner: string, e: unknown) => out.scan_errors.push(`ERROR: for scanner: ${scanner}:\n${(e as Error)?.message ?? String(e)}`);
  if (task.options.info || task.type === 'file') {
    try {
      out.info = await getFileInfo(task.absPath);
    } catch (e) {
      fail('info', e);
    }
  }
  if (task.type !== 'file') return out;
  const size = out.info?.size ?? 0;
  if (size > task.options.maxFileSize) {
    out.scan_errors.push(`ERROR: for scanner: content:\nFile size ${size} is over the maximum of ${task.options.maxFileSize} bytes: not scanned`);
    return out;
  }
  const { license, copyright, email, url } = task.options;
  if (!license && !copyright && !email && !url) return out;
  let lines;
  try {
    lines = textLines(await readHead(task.absPath, task.options.maxFileSize));
  } catch (e) {
    fail('content', e);
    return out;
  }
  if (license) {
    try {
      out.license = detectLicenses(lines, { path: task.path, includeText: task.options.licenseText });
    } catch (e) {
      fail('licenses', e);
    }
  }
  if (copyright) {
    try {
      out.copyright = detectCopyrights(lines);
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
  return out;
}
