/**
 * A failed input fetch. The message is shown to users as-is (it ends up in the run log
 * of `download_missing_inputs`), so it names the URL and the reason, never a stack.
 */
export class FetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FetchError';
  }
}

/**
 * A reason we decided to stop a download ourselves (refused address, status, size).
 * got wraps errors thrown from hooks and stream handlers in its own RequestError, so this
 * class is the marker we look for in the `cause` chain to recover our short reason.
 */
export class FetchRefusal extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FetchRefusal';
  }
}

/** Finds our own refusal in an error's `cause` chain (bounded: causes can be cyclic). */
export function findRefusal(error: unknown): FetchRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current instanceof Error; depth++) {
    if (current instanceof FetchRefusal) return current;
    current = current.cause;
  }
  return undefined;
}
