// The records module alone: the contracts index also loads the DTOs and class-validator, a tenth
// of a second of codescan's start-up.
import { COMPLIANCE_ALERTS, type ComplianceAlert } from '@sca/contracts/records';

/*
 * Scan JSON uses null for "no value" where the records use the empty value of the
 * field's type ('' / [] / false / {}), as ScanCode.io's models do. These helpers
 * turn whatever the input holds into that shape without ever throwing.
 */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  // A version written as a bare number (1.0) is still meant as text.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** For the nullable reference columns (uids, datafile_path): '' means "not linked" too. */
export function textOrNull(value: unknown): string | null {
  const result = text(value);
  return result === '' ? null : result;
}

export function flag(value: unknown): boolean {
  return value === true;
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

export function objectList<T = Record<string, unknown>>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter(isObject) as T[]) : [];
}

export function dict(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

export function complianceAlert(value: unknown): ComplianceAlert {
  return (COMPLIANCE_ALERTS as readonly unknown[]).includes(value) ? (value as ComplianceAlert) : '';
}
