/**
 * A reader for SPDX 2.x tag-value documents that returns the SPDX JSON shape, so the JSON mapping
 * applies unchanged. Hand-written on purpose: no maintained npm library parses SPDX tag-value
 * (the SPDX tools are Java and Python), and the format is a simple line grammar: `Tag: value`
 * lines, multi-line values wrapped in `<text>...</text>`, `#` comments, and sections opened by
 * `PackageName:`, `FileName:`, `SnippetSPDXID:` and `LicenseID:`. Only the fields the import uses
 * (and the headers) are kept; lines that are not tag-value pairs become `problems`.
 */
import type { JsonObject } from './values';

type Section = 'document' | 'package' | 'file' | 'snippet' | 'license';

const DOCUMENT_TAGS: Record<string, string> = {
  SPDXVersion: 'spdxVersion', DataLicense: 'dataLicense', SPDXID: 'SPDXID', DocumentName: 'name',
  DocumentNamespace: 'documentNamespace', DocumentComment: 'comment',
};
const CREATION_TAGS: Record<string, string> = { Created: 'created', CreatorComment: 'comment', LicenseListVersion: 'licenseListVersion' };
const PACKAGE_TAGS: Record<string, string> = {
  SPDXID: 'SPDXID', PackageVersion: 'versionInfo', PackageFileName: 'packageFileName', PackageSupplier: 'supplier',
  PackageOriginator: 'originator', PackageDownloadLocation: 'downloadLocation', PackageHomePage: 'homepage',
  PackageSourceInfo: 'sourceInfo', PackageLicenseConcluded: 'licenseConcluded', PackageLicenseDeclared: 'licenseDeclared',
  PackageLicenseComments: 'licenseComments', PackageCopyrightText: 'copyrightText', PackageSummary: 'summary',
  PackageDescription: 'description', PackageComment: 'comment', PrimaryPackagePurpose: 'primaryPackagePurpose',
  ReleaseDate: 'releaseDate', BuiltDate: 'builtDate', ValidUntilDate: 'validUntilDate',
};
const PACKAGE_LIST_TAGS: Record<string, string> = { PackageLicenseInfoFromFiles: 'licenseInfoFromFiles', PackageAttributionText: 'attributionTexts' };
const FILE_TAGS: Record<string, string> = { SPDXID: 'SPDXID', LicenseConcluded: 'licenseConcluded', FileCopyrightText: 'copyrightText' };
const LICENSE_TAGS: Record<string, string> = { ExtractedText: 'extractedText', LicenseName: 'name', LicenseComment: 'comment' };

export interface TagValueDocument {
  doc: JsonObject;
  problems: string[];
}

export function readSpdxTagValue(text: string): TagValueDocument {
  const doc: JsonObject = {};
  const creationInfo: JsonObject = {};
  const packages: JsonObject[] = [];
  const files: JsonObject[] = [];
  const licenses: JsonObject[] = [];
  const relationships: JsonObject[] = [];
  const problems: string[] = [];
  let section: Section = 'document';
  let current: JsonObject = doc;

  for (const { tag, value, line } of tagValuePairs(text, problems)) {
    if (tag === 'Relationship') {
      const [element, type, related] = value.split(/\s+/);
      if (element && type && related) relationships.push({ spdxElementId: element, relationshipType: type, relatedSpdxElement: related });
      else problems.push(`line ${line}: invalid Relationship "${value}"`);
      continue;
    }
    if (tag === 'RelationshipComment' && relationships.length) {
      relationships[relationships.length - 1].comment = value;
      continue;
    }
    if (tag === 'PackageName') [section, current] = ['package', push(packages, { name: value })];
    else if (tag === 'FileName') [section, current] = ['file', push(files, { fileName: value })];
    else if (tag === 'SnippetSPDXID') [section, current] = ['snippet', {}];
    else if (tag === 'LicenseID') [section, current] = ['license', push(licenses, { licenseId: value })];
    else if (tag === 'Creator') push(list(creationInfo, 'creators'), value);
    else if (CREATION_TAGS[tag]) creationInfo[CREATION_TAGS[tag]] = value;
    else if (section === 'document' && DOCUMENT_TAGS[tag]) doc[DOCUMENT_TAGS[tag]] = value;
    else if (section === 'package') packageTag(current, tag, value);
    else if (section === 'file' && FILE_TAGS[tag]) current[FILE_TAGS[tag]] = value;
    else if (section === 'file' && tag === 'FileChecksum') push(list(current, 'checksums'), checksum(value));
    else if (section === 'license' && LICENSE_TAGS[tag]) current[LICENSE_TAGS[tag]] = value;
  }

  if (Object.keys(creationInfo).length) doc.creationInfo = creationInfo;
  doc.packages = packages;
  if (files.length) doc.files = files;
  if (licenses.length) doc.hasExtractedLicensingInfos = licenses;
  if (relationships.length) doc.relationships = relationships;
  return { doc, problems };
}

function packageTag(pkg: JsonObject, tag: string, value: string): void {
  if (PACKAGE_TAGS[tag]) pkg[PACKAGE_TAGS[tag]] = value;
  else if (PACKAGE_LIST_TAGS[tag]) push(list(pkg, PACKAGE_LIST_TAGS[tag]), value);
  else if (tag === 'FilesAnalyzed') pkg.filesAnalyzed = value.toLowerCase() === 'true';
  else if (tag === 'PackageChecksum') push(list(pkg, 'checksums'), checksum(value));
  else if (tag === 'ExternalRef') {
    const [category, type, ...locator] = value.split(/\s+/);
    push(list(pkg, 'externalRefs'), { referenceCategory: category, referenceType: type, referenceLocator: locator.join(' ') });
  } else if (tag === 'ExternalRefComment') {
    const refs = list(pkg, 'externalRefs');
    const last = refs[refs.length - 1];
    if (last && typeof last === 'object') (last as JsonObject).comment = value;
  }
}

/** `SHA1: abc...` → `{algorithm, checksumValue}`. */
function checksum(value: string): JsonObject {
  const i = value.indexOf(':');
  return i < 0 ? { algorithm: '', checksumValue: value } : { algorithm: value.slice(0, i).trim(), checksumValue: value.slice(i + 1).trim() };
}

interface TagValuePair {
  tag: string;
  value: string;
  line: number;
}

/** The `Tag: value` pairs of a document, `<text>` blocks joined; other lines go to `problems`. */
export function* tagValuePairs(text: string, problems: string[]): Generator<TagValuePair> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!raw.trim() || raw.trimStart().startsWith('#')) continue;
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)\s*:\s?(.*)$/.exec(raw);
    if (!m) {
      problems.push(`line ${i + 1}: not a tag-value pair`);
      continue;
    }
    const start = i + 1;
    let value = m[2].trim();
    if (value.startsWith('<text>')) {
      let body = value.slice('<text>'.length);
      while (!body.includes('</text>') && i + 1 < lines.length) body += `\n${lines[++i]}`;
      if (!body.includes('</text>')) problems.push(`line ${start}: unterminated <text> block`);
      value = body.split('</text>')[0].trim();
    }
    yield { tag: m[1], value, line: start };
  }
}

function list(obj: JsonObject, key: string): unknown[] {
  if (!Array.isArray(obj[key])) obj[key] = [];
  return obj[key] as unknown[];
}

function push<T>(arr: unknown[], v: T): T {
  arr.push(v);
  return v;
}
