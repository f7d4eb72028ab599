/**
 * Errors that say a dependency (PostgreSQL, object storage) went away, not that the run's input
 * or code is wrong: the run waits for the dependency and resumes instead of failing.
 */
const PG_TRANSIENT_CLASSES = ['08', '53', '57P'];
const PG_TRANSIENT_CODES = new Set(['40001', '40P01']);
const NODE_TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
const S3_TRANSIENT_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout', 'RequestTimeTooSkewed']);
const TRANSIENT_MESSAGES = [/Connection terminated/i, /connection timeout/i, /terminating connection/i, /the database system is (starting up|shutting down|in recovery mode)/i, /Client has encountered a connection error/i, /socket hang up/i];

export function isTransientError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code && (PG_TRANSIENT_CODES.has(code) || PG_TRANSIENT_CLASSES.some((c) => code.startsWith(c)) && /^[0-9A-Z]{5}$/.test(code))) return true;
  if (NODE_TRANSIENT_CODES.has(code) || S3_TRANSIENT_CODES.has(code)) return true;
  if (typeof e.message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(e.message as string))) return true;
  return isTransientError(e.driverError, depth + 1) || isTransientError(e.cause, depth + 1);
}
