/**
 * ScanCode fills a PackageData's license fields from its `extracted_license_statement` (unless
 * `package_only`): a statement that reads as a license expression (`MIT`, `Apache-2.0 OR MIT`)
 * is taken as SPDX ids first (matcher `1-spdx-id`), anything else is license-detected like file
 * text. The results are `declared_license_expression(_spdx)` and `license_detections`, with
 * `from_file` the datafile. A structured statement (npm's list of declared licenses) becomes its
 * YAML text (`- MIT\n`), as ScanCode's saneyaml writes it, and is detected as such.
 */
import { detectLicenseInText, undetectedStatement, wordTokens, type LicenseScan } from '../license';
import type { LicenseStatement, PackageData } from './package-data';
import { saneYamlDump, type YamlValue } from './saneyaml';

/** The text of a license statement: as it is, or the YAML dump of a structured one. */
export function licenseStatementText(statement: LicenseStatement): string | null {
  if (statement === null || statement === '') return null;
  return typeof statement === 'string' ? statement : saneYamlDump(statement as YamlValue);
}

const EXPRESSION_LIKE = /^[A-Za-z0-9.+\-:() ]+$/;

function asSpdxExpression(statement: string, path: string | null): LicenseScan | null {
  const text = statement.trim().replace(/^- /, '');
  if (!EXPRESSION_LIKE.test(text) || text.length > 200) return null;
  const scan = detectLicenseInText(`SPDX-License-Identifier: ${text}`, { path: path ?? undefined, includeText: true });
  const expr = scan.detected_license_expression;
  if (!expr || /\bunknown/.test(expr)) return null;
  // The statement itself is the match (ScanCode reads it as an expression, without the tag's words).
  const length = wordTokens(text).length;
  for (const d of scan.license_detections) {
    for (const m of d.matches) {
      (m as { matched_text?: string }).matched_text = text;
      m.matched_length = length;
    }
  }
  return scan;
}

/**
 * Fills the license fields of a datafile's package data and of the locked packages its
 * dependencies carry (ScanCode builds those with the same `PackageData.from_data`).
 */
export function populateLicenseFields(data: PackageData, datafilePath: string): void {
  populateOwnLicenseFields(data, datafilePath);
  for (const dep of data.dependencies ?? []) {
    const locked = dep.resolved_package as Partial<PackageData>;
    if (locked && 'extracted_license_statement' in locked) populateOwnLicenseFields(locked as PackageData, datafilePath);
  }
}

type OwnLicenseFields = Pick<PackageData, 'declared_license_expression' | 'declared_license_expression_spdx' | 'license_detections'>;

/**
 * The fields of each statement detected so far, with `from_file` left null: a dependency tree
 * repeats a handful of statements (`MIT`, `ISC`...) hundreds of times, and each detection costs a
 * millisecond or more. The answer depends on the text only; the datafile is set on each copy.
 */
const byStatement = new Map<string, OwnLicenseFields>();
const STATEMENTS_KEPT = 4096;

function statementFields(statement: string): OwnLicenseFields {
  const known = byStatement.get(statement);
  if (known) return known;
  let scan = asSpdxExpression(statement, null) ?? detectLicenseInText(statement, { includeText: true });
  if (!scan.detected_license_expression && statement.trim()) scan = undetectedStatement(statement, null);
  const fields: OwnLicenseFields = {
    declared_license_expression: scan.detected_license_expression,
    declared_license_expression_spdx: scan.detected_license_expression_spdx,
    license_detections: scan.license_detections as unknown as Record<string, unknown>[],
  };
  if (byStatement.size >= STATEMENTS_KEPT) byStatement.clear();
  byStatement.set(statement, fields);
  return fields;
}

function populateOwnLicenseFields(data: PackageData, datafilePath: string): void {
  const statement = licenseStatementText(data.extracted_license_statement);
  data.extracted_license_statement = statement;
  if (!statement || data.declared_license_expression) return;
  const fields = statementFields(statement);
  data.declared_license_expression = fields.declared_license_expression;
  data.declared_license_expression_spdx = fields.declared_license_expression_spdx;
  data.license_detections = structuredClone(fields.license_detections);
  for (const detection of data.license_detections ?? []) {
    for (const match of (detection.matches ?? []) as { from_file: string | null }[]) match.from_file = datafilePath;
  }
}

export interface StatementTask {
  statement: string;
  path: string;
}

export type StatementLicenseFields = Pick<PackageData, 'declared_license_expression' | 'declared_license_expression_spdx' | 'license_detections'>;

/** The license fields of one statement (for detection off the calling thread, see ScanPool.licenseFields). */
export function statementLicenseFields(task: StatementTask): StatementLicenseFields {
  const fields = { extracted_license_statement: task.statement, declared_license_expression: null, declared_license_expression_spdx: null, license_detections: [] } as unknown as PackageData;
  populateOwnLicenseFields(fields, task.path);
  return { declared_license_expression: fields.declared_license_expression, declared_license_expression_spdx: fields.declared_license_expression_spdx, license_detections: fields.license_detections };
}
