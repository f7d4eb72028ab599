/**
 * CycloneDX component field helpers (ScanCode.io `pipes/cyclonedx.py`): license choices, hashes,
 * external references, properties and parties. Inputs are in the CycloneDX JSON shape; the XML
 * reader converts to that shape first.
 */
import type { Party } from '../packages/package-data';
import { spdxToScancode } from '../license';
import { asArray, isObject, objects, str, type JsonObject } from './values';

const HASH_FIELDS: Record<string, 'md5' | 'sha1' | 'sha256' | 'sha512'> = {
  MD5: 'md5', 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512',
};

/** PackageData fields an `aboutcode:<field>` property may set (ScanCode.io `get_properties_data`). */
const ABOUTCODE_FIELDS = new Set([
  'primary_language', 'description', 'release_date', 'homepage_url', 'download_url', 'bug_tracking_url',
  'code_view_url', 'vcs_url', 'copyright', 'holder', 'declared_license_expression', 'declared_license_expression_spdx',
  'other_license_expression', 'other_license_expression_spdx', 'extracted_license_statement', 'notice_text',
  'repository_homepage_url', 'repository_download_url', 'api_data_url', 'filename',
]);

export interface LicenseFields {
  extracted_license_statement: string | null;
  declared_license_expression: string | null;
  declared_license_expression_spdx: string | null;
}

/**
 * The statement is each choice's expression, id or name joined by newlines (ScanCode.io
 * `get_declared_licenses`). ScanCode.io then runs license detection on it; here the declared
 * expression is computed only when every choice is an SPDX id or expression (a name counts when
 * it is a known SPDX id), joined with AND.
 */
export function licenseFields(licenses: unknown): LicenseFields {
  const statements: string[] = [];
  const spdxParts: string[] = [];
  let allSpdx = true;
  for (const choice of objects(licenses)) {
    const expression = str(choice.expression);
    const license = isObject(choice.license) ? choice.license : {};
    const id = str(license.id);
    const name = str(license.name);
    const statement = expression ?? id ?? name;
    if (!statement) continue;
    statements.push(statement);
    if (expression || id) spdxParts.push(expression ?? (id as string));
    else if (name && isKnownSpdxId(name)) spdxParts.push(name);
    else allSpdx = false;
  }
  const spdx = allSpdx && spdxParts.length ? spdxParts.map((p) => (spdxParts.length > 1 && /\s/.test(p) ? `(${p})` : p)).join(' AND ') : null;
  const scancode = spdx ? spdxToScancode(spdx) || null : null;
  return {
    extracted_license_statement: statements.length ? statements.join('\n') : null,
    declared_license_expression: scancode,
    declared_license_expression_spdx: scancode ? spdx : null,
  };
}

function isKnownSpdxId(name: string): boolean {
  return /^[A-Za-z0-9.+-]+$/.test(name) && !spdxToScancode(name).includes('unknown-spdx');
}

/** md5/sha1/sha256/sha512 fields, and the other algorithms for extra_data. */
export function hashFields(hashes: unknown): { fields: Partial<Record<'md5' | 'sha1' | 'sha256' | 'sha512', string>>; other: JsonObject[] } {
  const fields: Partial<Record<'md5' | 'sha1' | 'sha256' | 'sha512', string>> = {};
  const other: JsonObject[] = [];
  for (const h of objects(hashes)) {
    const alg = str(h.alg);
    const content = str(h.content);
    if (!alg || !content) continue;
    const field = HASH_FIELDS[alg.toUpperCase()];
    if (field) fields[field] = content;
    else other.push({ alg, content });
  }
  return { fields, other };
}

/** `{type: [url, ...]}` for references with a URL (ScanCode.io `get_external_references`). */
export function externalReferences(refs: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const ref of objects(refs)) {
    const type = str(ref.type) ?? 'other';
    const url = str(ref.url);
    if (url) (out[type] ??= []).push(url);
  }
  return out;
}

export interface PropertyFields {
  /** PackageData fields set by `aboutcode:*` properties (and cdxgen's `ResolvedUrl`). */
  fields: Record<string, string>;
  /** Every property as `{name, value}`, in document order. */
  all: JsonObject[];
}

export function propertyFields(properties: unknown): PropertyFields {
  const fields: Record<string, string> = {};
  const all: JsonObject[] = [];
  let resolvedUrl: string | null = null;
  for (const p of objects(properties)) {
    const name = str(p.name);
    if (!name) continue;
    const value = str(p.value);
    all.push({ name, value: p.value ?? null });
    if (!value) continue;
    if (name.startsWith('aboutcode:') && ABOUTCODE_FIELDS.has(name.slice('aboutcode:'.length))) fields[name.slice(10)] = value;
    if (name === 'ResolvedUrl') resolvedUrl = value;
  }
  if (resolvedUrl && !fields.download_url) fields.download_url = resolvedUrl;
  return { fields, all };
}

/** Parties of `authors`/`author`, `supplier`, `manufacturer` and `publisher`. */
export function componentParties(c: JsonObject): Party[] {
  const parties: Party[] = [];
  for (const a of objects(c.authors)) {
    const party = contactParty(a, 'person', 'author');
    if (party) parties.push(party);
  }
  const author = str(c.author);
  if (author) parties.push({ type: 'person', role: 'author', name: author, email: null, url: null });
  for (const [key, role] of [['supplier', 'supplier'], ['manufacturer', 'manufacturer']] as const) {
    const party = isObject(c[key]) ? contactParty(c[key], 'organization', role) : null;
    if (party) parties.push(party);
  }
  const publisher = str(c.publisher);
  if (publisher) parties.push({ type: 'organization', role: 'publisher', name: publisher, email: null, url: null });
  return parties;
}

function contactParty(entity: JsonObject, type: string, role: string): Party | null {
  const contact = objects(entity.contact)[0] ?? {};
  const name = str(entity.name) ?? str(contact.name);
  const email = str(entity.email) ?? str(contact.email);
  const url = str(asArray(entity.url)[0]);
  if (!name && !email && !url) return null;
  return { type, role, name, email, url };
}
