/**
 * The policies document (ScanCode.io's `policies.py`): `license_policies`,
 * `license_clarity_thresholds` and `scorecard_score_thresholds`, validated once so that the
 * engine code after it can trust every value.
 */
import { parse as parseYaml } from 'yaml';
import { PolicyError, pythonStr } from './policy-error';
import { parseThresholds, type Thresholds } from './thresholds';

/** A license policy's own alert; `''` means approved and counts as `ok`. */
export type PolicyAlert = '' | 'ok' | 'warning' | 'error';

export interface LicensePolicy {
  readonly license_key: string;
  readonly label: string;
  readonly compliance_alert: PolicyAlert;
}

export interface Policies {
  /** By `license_key` (a ScanCode key or an SPDX id); empty means license policies are off. */
  readonly licensePolicies: ReadonlyMap<string, LicensePolicy>;
  /** Null when not defined (or empty, which ScanCode.io also treats as not defined). */
  readonly clarityThresholds: Thresholds | null;
  readonly scorecardThresholds: Thresholds | null;
}

const POLICY_TYPES = ['license_clarity_thresholds', 'license_policies', 'scorecard_score_thresholds'] as const;
const POLICY_ALERTS: readonly string[] = ['', 'ok', 'warning', 'error'];

type Mapping = Map<unknown, unknown> | Record<string, unknown>;

function isMapping(value: unknown): value is Mapping {
  return value instanceof Map || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

function field(mapping: Mapping, key: string): unknown {
  return mapping instanceof Map ? mapping.get(key) : mapping[key];
}

function hasField(mapping: Mapping, key: string): boolean {
  return mapping instanceof Map ? mapping.has(key) : Object.prototype.hasOwnProperty.call(mapping, key);
}

function parseLicensePolicy(raw: unknown): LicensePolicy {
  if (!isMapping(raw)) throw new PolicyError(`Each license policy must be a dictionary, got: ${pythonStr(raw)}`);
  const key = field(raw, 'license_key');
  if (typeof key !== 'string' || key === '') throw new PolicyError(`Each license policy must have a \`license_key\`, got: ${pythonStr(key)}`);
  // A missing or null alert reads as '' (approved), as ScanCode.io's `alert or ok` does.
  const alert = field(raw, 'compliance_alert') ?? '';
  if (typeof alert !== 'string' || !POLICY_ALERTS.includes(alert)) {
    throw new PolicyError(`Compliance alert must be one of '', 'ok', 'warning', 'error', got: ${pythonStr(alert)}`);
  }
  const label = field(raw, 'label');
  return { license_key: key, label: typeof label === 'string' ? label : '', compliance_alert: alert as PolicyAlert };
}

/** ScanCode.io's `make_license_policy_index`: the last policy of a key wins. */
function parseLicensePolicies(raw: unknown): ReadonlyMap<string, LicensePolicy> {
  const index = new Map<string, LicensePolicy>();
  if (raw === null || raw === undefined) return index;
  if (!Array.isArray(raw)) throw new PolicyError('The `license_policies` must be a list');
  for (const entry of raw) {
    const policy = parseLicensePolicy(entry);
    index.set(policy.license_key, policy);
  }
  return index;
}

function parseOptionalThresholds(doc: Mapping, key: 'license_clarity_thresholds' | 'scorecard_score_thresholds'): Thresholds | null {
  const raw = field(doc, key);
  if (raw === null || raw === undefined) return null;
  const thresholds = parseThresholds(raw, key);
  return thresholds.length > 0 ? thresholds : null;
}

/** Validates a policies document (a YAML-read `Map` or a plain object from JSON settings). */
export function parsePolicies(doc: unknown): Policies {
  if (!isMapping(doc)) throw new PolicyError('The `policies_dict` argument must be a dictionary.');
  if (!POLICY_TYPES.some((key) => hasField(doc, key))) {
    throw new PolicyError(`At least one of the following policy types must be present: ${POLICY_TYPES.join(', ')}`);
  }
  return {
    licensePolicies: parseLicensePolicies(field(doc, 'license_policies')),
    clarityThresholds: parseOptionalThresholds(doc, 'license_clarity_thresholds'),
    scorecardThresholds: parseOptionalThresholds(doc, 'scorecard_score_thresholds'),
  };
}

/**
 * Reads and validates a policies YAML text. Mappings are read as `Map`s so that threshold keys
 * keep their YAML type (80.5 stays a number) and their file order.
 */
export function loadPoliciesYaml(text: string): Policies {
  let doc: unknown;
  try {
    doc = parseYaml(text, { mapAsMap: true, logLevel: 'error' });
  } catch (error) {
    throw new PolicyError(`Policies file format error: ${(error as Error).message}`);
  }
  return parsePolicies(doc);
}

/** Whether any license policy is defined (ScanCode.io's `license_policies_enabled`). */
export function licensePoliciesEnabled(policies: Policies | null | undefined): boolean {
  return !!policies && policies.licensePolicies.size > 0;
}
