/** The error half of an RPC reply; `code` is the contract (e.g. 'not_found', 'validation', 'internal'). */
export interface RpcErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** Reply envelope on the wire. */
export type RpcReply<T = unknown> = { ok: true; data: T } | { ok: false; error: RpcErrorBody };

/** Validates a decoded reply body; undefined when it is not an envelope (a foreign or broken replier). */
export function asRpcReply(value: unknown): RpcReply | undefined {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return undefined;
  if (value.ok === true) return { ok: true, data: 'data' in value ? value.data : undefined };
  if (value.ok !== false || !('error' in value)) return undefined;
  const error = value.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'internal';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : 'remote error';
  const details = 'details' in error ? error.details : undefined;
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}
