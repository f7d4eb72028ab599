/** ScanCode.io's task_output for a failed run: the message, the cause, then the traceback. */
export function formatFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `Cause: ${error.cause.message}\n\n` : '';
  const frames = (error.stack ?? '').split('\n').slice(1).join('\n');
  return `${error.message}\n\n${cause}Traceback:\n${frames}`;
}
