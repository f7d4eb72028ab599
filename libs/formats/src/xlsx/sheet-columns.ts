/**
 * Sheet names and columns of the XLSX outputs (reference §8 and §3.18): the serializer fields
 * in wire order, minus the bulky JSON fields, plus a trailing `xlsx_errors` column.
 */
import { DEPENDENCY_FIELDS, PACKAGE_FIELDS, RELATION_FIELDS, RESOURCE_FIELDS } from '@sca/contracts/records';
import { RESOURCE_STATUS } from '@sca/contracts/vocabulary';

/** ProjectMessage serializer fields (§4.9). */
export const MESSAGE_FIELDS = ['uuid', 'severity', 'description', 'model', 'details', 'traceback', 'created_date'] as const;

/** Docker image layer columns, from `project.extra_data.images` (§8). */
export const LAYER_FIELDS = ['layer_tag', 'created_by', 'layer_id', 'image_id', 'created', 'size', 'author', 'comment', 'archive_location'] as const;

/** VULNERABILITIES columns (§8). */
export const VULNERABILITY_FIELDS = [
  'object_type', 'package_url', 'advisory_id', 'aliases', 'summary', 'risk_score', 'exploitability', 'weighted_severity', 'resource_url',
] as const;

export const XLSX_EXCLUDE_FIELDS: readonly string[] = [
  'extra_data', 'package_data', 'license_detections', 'other_license_detections', 'license_clues', 'affected_by_vulnerabilities',
];

export const XLSX_ERRORS_COLUMN = 'xlsx_errors';

export type XlsxModel = 'package' | 'dependency' | 'resource' | 'relation' | 'message' | 'todo';

export const XLSX_MODELS: readonly XlsxModel[] = ['package', 'dependency', 'resource', 'relation', 'message', 'todo'];

export const SHEET_NAMES: Readonly<Record<XlsxModel, string>> = {
  package: 'PACKAGES',
  dependency: 'DEPENDENCIES',
  resource: 'RESOURCES',
  relation: 'RELATIONS',
  message: 'MESSAGES',
  todo: 'TODOS',
};

const SERIALIZER_FIELDS: Readonly<Record<XlsxModel, readonly string[]>> = {
  package: PACKAGE_FIELDS,
  dependency: DEPENDENCY_FIELDS,
  resource: RESOURCE_FIELDS,
  relation: RELATION_FIELDS,
  message: MESSAGE_FIELDS,
  todo: RESOURCE_FIELDS,
};

/**
 * The data fields of a model's sheet (without `xlsx_errors`). `compliance_alert` is dropped
 * unless `keepComplianceAlert` (policies enabled, or the multi-project report).
 */
export function sheetFields(model: XlsxModel, keepComplianceAlert: boolean): string[] {
  const excluded = new Set(XLSX_EXCLUDE_FIELDS);
  if (!keepComplianceAlert) excluded.add('compliance_alert');
  return SERIALIZER_FIELDS[model].filter((field) => !excluded.has(field));
}

/** The header row: the data fields, then `xlsx_errors`. */
export function headerRow(fields: readonly string[]): string[] {
  return [...fields, XLSX_ERRORS_COLUMN];
}

/** Todo resources: files flagged `requires-review`. */
export function isTodoResource(resource: { type: string; status: string }): boolean {
  return resource.type === 'file' && resource.status === RESOURCE_STATUS.requiresReview;
}
