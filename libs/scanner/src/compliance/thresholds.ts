/**
 * Score thresholds (ScanCode.io's `compliance_thresholds.py`): a mapping of minimum score →
 * alert, for the license clarity score (integer keys, 0-100) and the OpenSSF scorecard score
 * (float keys, 0-10).
 */
import { PolicyError, pythonStr } from './policy-error';

export type ThresholdAlert = 'ok' | 'warning' | 'error';

export interface Threshold {
  readonly min: number;
  readonly alert: ThresholdAlert;
}

/** Validated thresholds, highest minimum first. */
export type Thresholds = readonly Threshold[];

export type ThresholdsKey = 'license_clarity_thresholds' | 'scorecard_score_thresholds';

const ALERTS: readonly string[] = ['ok', 'warning', 'error'];

/** Python's `int()`: numbers truncate (80.5 → 80), strings must be integer literals. */
function pythonInt(key: unknown): number | null {
  if (typeof key === 'boolean') return key ? 1 : 0;
  // `|| 0`: -0.5 truncates to -0, which would print as 0 but is not the 0 Python gives.
  if (typeof key === 'number') return Number.isFinite(key) ? Math.trunc(key) || 0 : null;
  if (typeof key === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(key)) return Number(key.trim().replace(/_/g, ''));
  return null;
}

const FLOAT_LITERAL = /^[+-]?(?:(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:e[+-]?\d+(?:_\d+)*)?|inf(?:inity)?)$/i;

/** Python's `float()`, except that NaN is refused: it would make every comparison false. */
function pythonFloat(key: unknown): number | null {
  if (typeof key === 'boolean') return key ? 1 : 0;
  if (typeof key === 'number') return Number.isNaN(key) ? null : key;
  if (typeof key !== 'string') return null;
  const text = key.trim();
  if (!FLOAT_LITERAL.test(text)) return null;
  const body = text.replace(/_/g, '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity');
  return Number(body);
}

/**
 * Validates one thresholds mapping. A `Map` (how `loadPoliciesYaml` reads YAML mappings)
 * keeps the file order, which must be strictly descending. A plain object has lost it: JSON
 * from jsonb and JavaScript objects both reorder keys, so its thresholds are sorted instead
 * of refused (ScanCode.io would refuse almost any multi-key mapping from project settings).
 */
export function parseThresholds(raw: unknown, key: ThresholdsKey): Thresholds {
  const ordered = raw instanceof Map;
  if (!ordered && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw new PolicyError(`The \`${key}\` must be a dictionary`);
  }
  const entries: [unknown, unknown][] = ordered ? [...raw.entries()] : Object.entries(raw as Record<string, unknown>);
  const isInt = key === 'license_clarity_thresholds';
  const thresholds: Threshold[] = [];
  const seen = new Set<number>();
  for (const [rawKey, value] of entries) {
    const min = isInt ? pythonInt(rawKey) : pythonFloat(rawKey);
    if (min === null) throw new PolicyError(`Threshold keys must be ${isInt ? 'integers' : 'numbers'}, got: ${pythonStr(rawKey)}`);
    if (seen.has(min)) throw new PolicyError(`Duplicate threshold key: ${pythonStr(min, !isInt)}`);
    seen.add(min);
    if (typeof value !== 'string' || !ALERTS.includes(value)) {
      throw new PolicyError(`Compliance alert must be one of 'ok', 'warning', 'error', got: ${pythonStr(value)}`);
    }
    thresholds.push({ min, alert: value as ThresholdAlert });
  }
  if (!ordered) return thresholds.sort((a, b) => b.min - a.min);
  for (let i = 1; i < thresholds.length; i++) {
    if (thresholds[i].min >= thresholds[i - 1].min) throw new PolicyError('Thresholds must be strictly descending');
  }
  return thresholds;
}

/** The alert of the highest threshold at or below `score`; `error` below all of them or without a score. */
export function thresholdAlert(score: number | null | undefined, thresholds: Thresholds): ThresholdAlert {
  if (score === null || score === undefined || Number.isNaN(score)) return 'error';
  return thresholds.find((t) => score >= t.min)?.alert ?? 'error';
}
