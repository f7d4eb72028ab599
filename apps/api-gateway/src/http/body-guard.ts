import type { Request } from 'express';
import { ApiError } from './api-error';

/** What a body read needs besides the request: its size limit and how long it may sit idle. */
export interface BodyLimits {
  maxBytes: number;
  idleMs: number;
}

/**
 * Refusals sent before the body has been read: the connection closes after the answer, so the
 * rest of a large upload is not read for nothing and the next request cannot start mid-body.
 */
export const CLOSE = { Connection: 'close' };

/**
 * Watches a request while its body is read. `stop` is called once, with the reason, when the
 * client goes away before the body ended or sends nothing for `idleMs`. Node's total
 * `requestTimeout` is off (main.ts) because it cut large uploads on slow links; this idle limit
 * bounds a stalled client instead. (While storage is slower than the client the gateway stops
 * reading, so that time counts as idle too; `UPLOAD_IDLE_TIMEOUT_SECONDS` is generous for that.)
 * Returns `release`, to call once the body has been read or refused: it also clears the
 * socket's timeout, so that a slow answer after the body is not cut.
 */
export function guardBody(req: Request, idleMs: number, stop: (error: ApiError) => void): () => void {
  let released = false;
  const onTimeout = () => end(new ApiError(408, { detail: `No request data received for ${idleMs / 1000} seconds.` }, CLOSE));
  const onGone = () => {
    // Never answered: the socket is gone. The error only ends the read and its clean-up.
    if (!req.readableEnded) end(new ApiError(400, { detail: 'The client closed the connection before the request body ended.' }));
  };
  const release = () => {
    if (released) return;
    released = true;
    req.off('timeout', onTimeout);
    req.off('close', onGone);
    req.off('error', onGone);
    req.socket.setTimeout(0);
  };
  const end = (error: ApiError) => {
    if (released) return;
    release();
    stop(error);
  };
  req.setTimeout(idleMs, onTimeout);
  req.on('close', onGone);
  req.on('error', onGone);
  return release;
}
