/**
 * A record's `compliance_alert` from its license expression (ScanCode.io's
 * `ComplianceAlertMixin.compute_compliance_alert`).
 */
import type { ComplianceAlert } from '@sca/contracts';
import { parseExpression, type Expr } from '../license/expression';
import { keyToSpdxId } from '../license/license-keys';
import type { LicensePolicy, Policies } from './policies';

type SymbolAlert = 'ok' | 'missing' | 'warning' | 'error';

const SEVERITY: Record<SymbolAlert, number> = { ok: 0, missing: 1, warning: 2, error: 3 };

/** License symbols as ScanCode's `license_symbols` lists them: a `WITH` exception is a symbol of its own. */
export function licenseSymbols(e: Expr): string[] {
  switch (e.kind) {
    case 'key':
      return [e.key];
    case 'with':
      return [e.key, e.exception];
    case 'and':
    case 'or':
      return e.args.flatMap(licenseSymbols);
  }
}

/**
 * ScanCode keys are lower-case; an expression may also spell one as its SPDX form
 * `LicenseRef-scancode-<key>` (or upper-case, as the case-insensitive ScanCode licensing reads it).
 */
function scancodeKey(symbol: string): string {
  return symbol.replace(/^licenseref-scancode-/i, '').toLowerCase();
}

function symbolAlert(symbol: string, index: ReadonlyMap<string, LicensePolicy>): SymbolAlert {
  const key = scancodeKey(symbol);
  // By the symbol as written, its ScanCode key, then its SPDX id (policies may name either).
  const policy = index.get(symbol) ?? index.get(key) ?? index.get(keyToSpdxId(key));
  if (!policy) return 'missing';
  return policy.compliance_alert || 'ok';
}

function computeAlert(expression: string, index: ReadonlyMap<string, LicensePolicy>): ComplianceAlert {
  const parsed = parseExpression(expression);
  if (!parsed) return '';
  let worst: SymbolAlert = 'ok';
  for (const symbol of licenseSymbols(parsed)) {
    const alert = symbolAlert(symbol, index);
    if (SEVERITY[alert] > SEVERITY[worst]) worst = alert;
  }
  return worst;
}

// Projects have a few distinct expressions over many records: parse each once per policies object.
const cache = new WeakMap<Policies, Map<string, ComplianceAlert>>();

/**
 * The most severe alert over the expression's license symbols, `ok < missing < warning < error`;
 * `''` without an expression or without license policies.
 */
export function licenseComplianceAlert(expression: string | null | undefined, policies: Policies | null | undefined): ComplianceAlert {
  if (!expression || !policies || policies.licensePolicies.size === 0) return '';
  let alerts = cache.get(policies);
  if (!alerts) cache.set(policies, (alerts = new Map()));
  let alert = alerts.get(expression);
  if (alert === undefined) {
    alert = computeAlert(expression, policies.licensePolicies);
    alerts.set(expression, alert);
  }
  return alert;
}
