import { decodeJson } from './message-codec';
import { asRpcReply, type RpcErrorBody } from './rpc-envelope';

/** JSON text of a value of type T, as bytes: what a caller passes on without parsing it. */
export type JsonBytes<T> = Buffer & { readonly jsonOf?: T };

/** How every ok reply starts: `JSON.stringify({ ok: true, data })` writes exactly this, then the data. */
const OK_PREFIX = Buffer.from('{"ok":true,"data":');
const CLOSE = '}'.charCodeAt(0);

/** The envelope as an RpcReply, the data kept as the JSON bytes it arrived as. */
export type BytesReply = { ok: true; data: Buffer } | { ok: false; error: RpcErrorBody };

/**
 * Reads a reply body for a caller that wants the data's JSON, not the data: an ok envelope is
 * cut around its data without parsing it (a project list is hundreds of kB that the gateway would
 * otherwise parse and write out again); anything else (an error, an envelope written by another
 * encoder) is parsed as usual. Undefined when the body is not an envelope.
 */
export function replyBytes(content: Buffer): BytesReply | undefined {
  if (content.length > OK_PREFIX.length && content[content.length - 1] === CLOSE && content.subarray(0, OK_PREFIX.length).equals(OK_PREFIX)) {
    return { ok: true, data: content.subarray(OK_PREFIX.length, content.length - 1) };
  }
  const decoded = decodeJson(content);
  const reply = decoded.ok ? asRpcReply(decoded.value) : undefined;
  if (!reply) return undefined;
  if (!reply.ok) return reply;
  // Another encoder's spelling (spaces, key order), or no data at all: written out again.
  return { ok: true, data: Buffer.from(JSON.stringify(reply.data ?? null)) };
}
