/**
 * ScanCode fills a PackageData's license fields from its `extracted_license_statement` (unless
 * `package_only`), before the statement is written out as YAML: a string is one statement; each
 * item of a list, and each value of a mapping (pypi's `license` and `classifiers`), is a statement
 * of its own. Each is read as an SPDX expression first (`1-spdx-id`) and else license-detected as
 * text (see detectStatement). Nothing detected gives one undetected `unknown` detection. The
 * results are `declared_license_expression(_spdx)` and `license_detections`, with `from_file` the
 * datafile.
 */
import { combineAnd, detectStatement, pyReprValue, scancodeToSpdx, undetectedDetection, type LicenseDetectionResult } from '../license';
import type { LicenseStatement, PackageData } from './package-data';
import { saneYamlDump, type YamlValue } from './saneyaml';
import { alpineLicenseExpression } from './alpine/license-mapping';
import { copyJson } from './copy-json';

/** The text of a license statement: as it is, or the YAML dump of a structured one. */
export function licenseStatementText(statement: LicenseStatement): string | null {
  if (statement === null || statement === '') return null;
  return typeof statement === 'string' ? statement : saneYamlDump(statement as YamlValue);
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A mapping's value as the text detected: strings as they are, lists and mappings as their YAML (pypi's classifiers). */
function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) || isMapping(v)) return saneYamlDump(v as YamlValue);
  return pyReprValue(v);
}

/** The detections of a statement, part by part, as ScanCode's get_normalized_license_detections walks it. */
function statementDetections(statement: Exclude<LicenseStatement, null>): LicenseDetectionResult[] {
  if (typeof statement === 'string') return detectStatement(statement);
  if (isMapping(statement)) return Object.values(statement).flatMap((v) => detectStatement(valueText(v)));
  return statement.flatMap((item) => {
    if (typeof item === 'string') return detectStatement(item);
    if (isMapping(item)) return Object.values(item).flatMap((v) => detectStatement(valueText(v)));
    return detectStatement(pyReprValue(item));
  });
}

/**
 * Fills the license fields of a datafile's package data (its matches from the datafile, when
 * given) and of
 * the locked packages its dependencies carry (ScanCode builds those with the same
 * `PackageData.from_data`, while parsing, so their matches have no from_file).
 */
export function populateLicenseFields(data: PackageData, datafilePath: string | null): void {
  populateOwnLicenseFields(data, datafilePath);
  for (const dep of data.dependencies ?? []) {
    const locked = dep.resolved_package as Partial<PackageData>;
    if (locked && 'extracted_license_statement' in locked) populateOwnLicenseFields(locked as PackageData, null);
  }
}

type OwnLicenseFields = Pick<PackageData, 'declared_license_expression' | 'declared_license_expression_spdx' | 'license_detections'>;

/**
 * The fields of each statement detected so far, with `from_file` left null: a dependency tree
 * repeats a handful of statements (`MIT`, `ISC`...) hundreds of times, and each detection costs a
 * millisecond or more. The answer depends on the statement only; the datafile is set on each copy.
 */
const byStatement = new Map<string, OwnLicenseFields>();
const STATEMENTS_KEPT = 4096;

function statementFields(statement: Exclude<LicenseStatement, null>): OwnLicenseFields {
  const key = typeof statement === 'string' ? statement : JSON.stringify(statement);
  const known = byStatement.get(key);
  if (known) return known;
  let detections = statementDetections(statement);
  if (!detections.length) detections = [undetectedDetection(typeof statement === 'string' ? statement : pyReprValue(statement), null)];
  const expression = combineAnd(detections.map((d) => d.license_expression));
  const fields: OwnLicenseFields = {
    declared_license_expression: expression,
    declared_license_expression_spdx: expression ? scancodeToSpdx(expression) : null,
    license_detections: detections as unknown as Record<string, unknown>[],
  };
  if (byStatement.size >= STATEMENTS_KEPT) byStatement.clear();
  byStatement.set(key, fields);
  return fields;
}

/**
 * Datafiles whose license field ScanCode detects from a normalised form rather than as written
 * (the field itself stays in extracted_license_statement).
 */
const DETECTED_AS: Record<string, (field: string) => string | null> = {
  alpine_installed_db: alpineLicenseExpression,
  alpine_apkbuild: alpineLicenseExpression,
};

function populateOwnLicenseFields(data: PackageData, datafilePath: string | null): void {
  const original = data.extracted_license_statement;
  data.extracted_license_statement = licenseStatementText(original);
  if (original === null || original === '' || data.declared_license_expression) return;
  if (typeof original === 'string' && !original.trim()) return;
  const normalise = typeof original === 'string' ? DETECTED_AS[data.datasource_id ?? ''] : undefined;
  const detected = normalise ? normalise(original as string) : original;
  if (!detected) return;
  const fields = statementFields(detected);
  data.declared_license_expression = fields.declared_license_expression;
  data.declared_license_expression_spdx = fields.declared_license_expression_spdx;
  data.license_detections = copyJson(fields.license_detections);
  for (const detection of data.license_detections ?? []) {
    for (const match of (detection.matches ?? []) as { from_file: string | null }[]) match.from_file = datafilePath;
  }
}

export interface StatementTask {
  /** As the parser gave it: a string, or a list or mapping walked part by part. */
  statement: LicenseStatement;
  /** The datafile the matches come from; null for detections made without one (package_only assembly). */
  path: string | null;
  /** The datasource the statement was read from, when its field is detected from a normalised form (Alpine's). */
  datasourceId?: string;
}

export type StatementLicenseFields = Pick<PackageData, 'declared_license_expression' | 'declared_license_expression_spdx' | 'license_detections'>;

/** The license fields of one statement (for detection off the calling thread, see ScanPool.licenseFields). */
export function statementLicenseFields(task: StatementTask): StatementLicenseFields {
  const fields = { datasource_id: task.datasourceId, extracted_license_statement: task.statement, declared_license_expression: null, declared_license_expression_spdx: null, license_detections: [] } as unknown as PackageData;
  populateOwnLicenseFields(fields, task.path);
  return { declared_license_expression: fields.declared_license_expression, declared_license_expression_spdx: fields.declared_license_expression_spdx, license_detections: fields.license_detections };
}
