/** What one attempt's outcome means for the delivery. */
export type AttemptOutcome = { kind: 'success' } | { kind: 'retry'; delayMs: number | null } | { kind: 'give-up' };

/** ScanCode.io counts 200, 201 and 202 as success; any 2xx is accepted here. */
export function classifyResponse(statusCode: number, retryAfter: string | undefined, now = Date.now()): AttemptOutcome {
  if (statusCode >= 200 && statusCode < 300) return { kind: 'success' };
  if (statusCode === 429 || statusCode >= 500) return { kind: 'retry', delayMs: parseRetryAfter(retryAfter, now) };
  // Redirects are not followed (a signed POST must not be replayed elsewhere); other 4xx will not change.
  return { kind: 'give-up' };
}

/** `Retry-After` as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month; Date.parse would also read "-5" as a year.
  if (!/[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before attempt `attempt + 1`: exponential (base × 2^(attempt-1)) with full jitter in
 * its upper half, capped; a server's Retry-After wins when it asks for longer, up to the cap.
 */
export function retryDelay(attempt: number, settings: BackoffSettings, retryAfterMs: number | null, random = Math.random): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return retryAfterMs === null ? jittered : Math.min(settings.maxMs, Math.max(jittered, retryAfterMs));
}
