import type { PackageRecord, Party } from '@sca/contracts';
import { complianceAlert, dict, flag, numberOrNull, objectList, text, textList, textOrNull } from './coerce';
import { problem, type InventoryItem, type PurlParts } from './inventory-item';
import { buildPurl, encodeQualifiers, parsePurl } from './purl';

/**
 * Maps one top-level `packages` entry onto a package record. `refPath` turns the
 * scan's datafile paths into project paths.
 */
export function normalizePackage(raw: Record<string, unknown>, refPath: (path: string) => string, index: number): InventoryItem[] {
  const purl = text(raw.purl);
  let parts: PurlParts = {
    type: text(raw.type),
    namespace: text(raw.namespace),
    name: text(raw.name),
    version: text(raw.version),
    qualifiers: encodeQualifiers(raw.qualifiers),
    subpath: text(raw.subpath),
  };
  // Some producers give only the purl; its parts are then the package identity, and
  // the purl is rewritten from them in normalized form as ScanCode.io would show it.
  let givenPurl = purl;
  if (!parts.name && purl) {
    try {
      parts = parsePurl(purl);
      givenPurl = '';
    } catch (error) {
      return [problem('error', `Invalid Package URL "${purl}": ${(error as Error).message}`, { section: 'packages', index, package_url: purl })];
    }
  }
  // ScanCode.io's DiscoveredPackage.create_from_data: both are required, the package is skipped.
  const missing = (['type', 'name'] as const).filter((f) => !parts[f]);
  if (missing.length > 0) {
    return [problem('error', `No values for the following required fields: ${missing.join(', ')}`, { section: 'packages', index, package_url: purl, package_uid: text(raw.package_uid) })];
  }

  const warnings: InventoryItem[] = [];
  const releaseDate = toReleaseDate(raw.release_date);
  if (releaseDate === undefined) {
    warnings.push(problem('warning', `Invalid release_date "${text(raw.release_date)}" ignored`, { section: 'packages', index, package_uid: text(raw.package_uid) }));
  }
  const datasourceIds = textList(raw.datasource_ids);
  // A package_data-shaped entry names its single datasource; ScanCode.io appends it.
  const datasourceId = text(raw.datasource_id);
  if (datasourceId && !datasourceIds.includes(datasourceId)) datasourceIds.push(datasourceId);

  const record: PackageRecord = {
    purl: givenPurl || buildPurl(parts),
    ...parts,
    tag: text(raw.tag),
    primary_language: text(raw.primary_language),
    description: text(raw.description),
    notes: text(raw.notes),
    release_date: releaseDate ?? null,
    parties: objectList(raw.parties).map(toParty),
    keywords: textList(raw.keywords),
    homepage_url: text(raw.homepage_url),
    download_url: text(raw.download_url),
    bug_tracking_url: text(raw.bug_tracking_url),
    code_view_url: text(raw.code_view_url),
    vcs_url: text(raw.vcs_url),
    repository_homepage_url: text(raw.repository_homepage_url),
    repository_download_url: text(raw.repository_download_url),
    api_data_url: text(raw.api_data_url),
    size: numberOrNull(raw.size),
    md5: text(raw.md5),
    sha1: text(raw.sha1),
    sha256: text(raw.sha256),
    sha512: text(raw.sha512),
    copyright: text(raw.copyright),
    holder: text(raw.holder),
    declared_license_expression: text(raw.declared_license_expression),
    declared_license_expression_spdx: text(raw.declared_license_expression_spdx),
    license_detections: objectList(raw.license_detections),
    other_license_expression: text(raw.other_license_expression),
    other_license_expression_spdx: text(raw.other_license_expression_spdx),
    other_license_detections: objectList(raw.other_license_detections),
    extracted_license_statement: text(raw.extracted_license_statement),
    compliance_alert: complianceAlert(raw.compliance_alert),
    notice_text: text(raw.notice_text),
    source_packages: textList(raw.source_packages),
    extra_data: dict(raw.extra_data),
    package_uid: text(raw.package_uid),
    is_private: flag(raw.is_private),
    is_virtual: flag(raw.is_virtual),
    datasource_ids: datasourceIds,
    datafile_paths: textList(raw.datafile_paths).map(refPath),
    file_references: objectList(raw.file_references),
    missing_resources: textList(raw.missing_resources),
    modified_resources: textList(raw.modified_resources),
    affected_by_vulnerabilities: objectList(raw.affected_by_vulnerabilities),
  };
  return [{ kind: 'package', record }, ...warnings];
}

function toParty(raw: Record<string, unknown>): Party {
  return {
    type: textOrNull(raw.type),
    role: textOrNull(raw.role),
    name: textOrNull(raw.name),
    email: textOrNull(raw.email),
    url: textOrNull(raw.url),
  };
}

/**
 * ScanCode.io keeps only the date of a release timestamp (`2019-05-01T10:00:00Z` →
 * `2019-05-01`). Returns null for no date and undefined for one that is not a date.
 */
function toReleaseDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(value.trim());
  if (!match) return undefined;
  const date = new Date(`${match[1]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1] ? undefined : match[1];
}
