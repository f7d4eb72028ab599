import { formatFailure } from './format-failure';

describe('formatFailure', () => {
  it('writes the message, then the traceback without the message line', () => {
    const error = new Error('Boom');
    error.stack = 'Error: Boom\n    at step (a.ts:1:1)\n    at run (b.ts:2:2)';
    expect(formatFailure(error)).toBe('Boom\n\nTraceback:\n    at step (a.ts:1:1)\n    at run (b.ts:2:2)');
  });

  it('adds the cause between the message and the traceback', () => {
    const error = new Error('Download failed', { cause: new Error('ECONNRESET') });
    error.stack = 'Error: Download failed\n    at fetch (f.ts:3:3)';
    expect(formatFailure(error)).toBe('Download failed\n\nCause: ECONNRESET\n\nTraceback:\n    at fetch (f.ts:3:3)');
  });

  it('ignores a cause that is not an Error', () => {
    const error = new Error('x', { cause: 'text' });
    error.stack = 'Error: x';
    expect(formatFailure(error)).toBe('x\n\nTraceback:\n');
  });

  it('keeps a real stack trace', () => {
    const output = formatFailure(new TypeError('bad value'));
    expect(output.startsWith('bad value\n\nTraceback:\n    at ')).toBe(true);
    expect(output).toContain('format-failure.spec.ts');
  });

  it('prints values that are not errors as text', () => {
    expect(formatFailure('plain')).toBe('plain');
    expect(formatFailure(42)).toBe('42');
    expect(formatFailure(undefined)).toBe('undefined');
  });
});
