import type { AmqpContext } from './amqp-context';

/**
 * Runs the handler registered for `pattern` and resolves with its last value (a handler may return a
 * value, a Promise or an Observable); rejects with what the handler threw, or with NoHandlerError.
 */
export type Dispatch = (pattern: string, payload: unknown, ctx: AmqpContext) => Promise<unknown>;
