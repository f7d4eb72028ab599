/**
 * Python core metadata (METADATA, PKG-INFO) to PackageData, as ScanCode's parse_metadata does
 * through importlib_metadata; plus the RECORD / SOURCES.txt file lists and requires.txt that an
 * installed or archived distribution carries next to it.
 */
import { packageData, type FileReference, type PackageData } from '../package-data';
import { declaredLicense, getUrls, keywords, parties, buildDescription, type MetaInfo } from './metainfo';
import { requiresDependencies } from './requirement';
import { header, headerAll, parseRfc822, type Rfc822Message } from './rfc822';

export function rfc822MetaInfo(msg: Rfc822Message): MetaInfo {
  return { get: (name) => header(msg, name), getAll: (name) => headerAll(msg, name) };
}

export interface DistFiles {
  /** RECORD content (wheels, installed dist-info). */
  record?: string | null;
  /** SOURCES.txt content (eggs, egg-info). */
  sources?: string | null;
  /** requires.txt content (eggs, egg-info) used when there is no Requires-Dist. */
  requiresTxt?: string | null;
}

export function parseCoreMetadata(datasourceId: string, text: string, files: DistFiles = {}): PackageData {
  const msg = parseRfc822(text);
  if (!msg.headers.size) throw new Error('no metadata headers found');
  const meta = rfc822MetaInfo(msg);
  const name = header(msg, 'Name');
  const version = header(msg, 'Version');
  const { urls, extraData } = getUrls(meta, name, version);
  const { statement, licenseFile } = declaredLicense(meta, header(msg, 'License-Expression'));
  if (licenseFile) extraData['license_file'] = licenseFile;
  let requires: string[] = headerAll(msg, 'Requires-Dist');
  if (!requires.length && files.requiresTxt) requires = eggRequires(files.requiresTxt);
  return packageData(datasourceId, {
    type: 'pypi',
    primary_language: 'Python',
    name,
    version,
    extracted_license_statement: statement,
    description: metadataDescription(msg),
    keywords: keywords(meta),
    parties: parties(meta),
    dependencies: requiresDependencies(requires),
    file_references: files.record ? recordReferences(files.record) : files.sources ? sourcesReferences(files.sources) : [],
    extra_data: extraData,
    ...urls,
  });
}

/** The body (metadata 2.1+) or the Description header, cleaned of its 8-space padding, after the Summary. */
function metadataDescription(msg: Rfc822Message): string | null {
  let description = msg.body.trim() || header(msg, 'Description') || '';
  description = description.trim();
  const lines = description.split(/\r?\n/);
  const pad = '        ';
  if (lines.slice(0, 2).some((l) => l.startsWith(pad))) description = lines.map((l) => (l.startsWith(pad) ? l.slice(8) : l)).join('\n');
  return buildDescription(header(msg, 'Summary'), description);
}

/** RECORD rows (`path,sha256=<urlsafe b64>,size`) as file references, hashes in hex. */
export function recordReferences(record: string): FileReference[] {
  const out: FileReference[] = [];
  for (const line of record.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [path, hash, size] = splitCsvLine(line);
    const ref: FileReference = { path, size: size ? Number(size) : null, sha1: null, md5: null, sha256: null, sha512: null, extra_data: {} };
    const eq = hash ? hash.indexOf('=') : -1;
    if (hash && eq > 0) {
      const algo = hash.slice(0, eq);
      const value = hash.slice(eq + 1);
      if (algo === 'sha256' || algo === 'sha512') ref[algo] = Buffer.from(value, 'base64url').toString('hex');
      else if (algo === 'sha1' || algo === 'md5') ref[algo] = value;
    }
    out.push(ref);
  }
  return out;
}

function sourcesReferences(sources: string): FileReference[] {
  return sources.split(/\r?\n/).filter((l) => l.trim()).map((path) => ({ path: path.trim(), size: null, sha1: null, md5: null, sha256: null, sha512: null, extra_data: {} }));
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** importlib_metadata's requires.txt conversion: `[extra:marker]` sections become markers. */
export function eggRequires(text: string): string[] {
  const out: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^\[(.*)\]$/.exec(line);
    if (m) {
      section = m[1];
      continue;
    }
    const [extra, markers] = section.split(':', 2) as [string, string | undefined];
    const conditions = [markers && `(${markers})`, extra && `extra == "${extra}"`].filter(Boolean).join(' and ');
    out.push(conditions ? `${line}; ${conditions}` : line);
  }
  return out;
}
