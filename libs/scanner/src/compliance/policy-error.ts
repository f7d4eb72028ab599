/** An invalid policies document; the message is ScanCode.io's ValidationError text. */
export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}

/**
 * How Python's `str()` prints a value, for messages that quote the offending YAML value the
 * way ScanCode.io does (`None`, `True`, `7.0`).
 */
export function pythonStr(value: unknown, asFloat = false): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
    return asFloat && Number.isInteger(value) ? value.toFixed(1) : String(value);
  }
  if (typeof value === 'string') return value;
  if (value instanceof Map) return JSON.stringify(Object.fromEntries(value));
  return JSON.stringify(value);
}
