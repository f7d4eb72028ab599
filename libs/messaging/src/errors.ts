import { RpcException } from '@nestjs/microservices';

/** An RPC call was answered with an error reply; `code` is what the caller maps (e.g. to an HTTP status). */
export class RpcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** No reply arrived in time. The request may or may not have been processed. */
export class RpcTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RpcTimeoutError';
  }
}

/*
 * The two handler-side errors extend RpcException (itself an Error) only so that they survive Nest's
 * default RPC exception filter: it turns any other exception into an anonymous
 * `{status: 'error', message: 'Internal server error'}`, but rethrows whatever `getError()` returns
 * for an RpcException. Returning `this` lets the transport see the real instance.
 */

/** Throw from a handler to signal "do not retry, dead-letter now". Anything else thrown from a work handler is retried. */
export class PermanentError extends RpcException {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentError';
  }

  override getError(): object {
    return this;
  }
}

/**
 * Throw from an RPC handler for a domain error; code + message (+details) go back to the caller as
 * RpcError. Any other error goes back as code 'internal' with a generic message. From a work or event
 * handler it is treated like PermanentError (a domain refusal will not change on retry).
 */
export class DomainError extends RpcException {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  override getError(): object {
    return this;
  }
}

/**
 * Throw from a work or event handler to retry after `delayMs` instead of the queue's own delay for
 * this attempt (a server's Retry-After, a jittered backoff). Attempts are still counted: after the
 * queue's last attempt the message is dead-lettered as for any other error.
 */
export class RetryLaterError extends RpcException {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }

  override getError(): object {
    return this;
  }
}

/**
 * Throw from a work handler to put the message back on its queue after `delayMs` as it was, its
 * attempt count unchanged: the work was not tried, only refused for now (a runner shutting down
 * hands its run back). Never dead-letters.
 */
export class RequeueError extends RpcException {
  constructor(
    message: string,
    readonly delayMs = 0,
  ) {
    super(message);
    this.name = 'RequeueError';
  }

  override getError(): object {
    return this;
  }
}
