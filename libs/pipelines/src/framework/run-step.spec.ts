import { defineStep } from './define';
import { ensureAllWritten, runStep, StepInvariantError } from './run-step';
import type { StepContext } from './step-context';

const ctx = {} as StepContext;

describe('runStep', () => {
  it('checks the invariants after the step ran, in order, and fails on the first broken one', async () => {
    const calls: string[] = [];
    const step = defineStep({
      name: 'scan_for_files',
      doc: 'd',
      run: async () => void calls.push('run'),
      ensures: [
        { description: 'every resource has a status', check: async () => (calls.push('status'), '3 resource(s) have none (a, b, c)') },
        { description: 'never checked', check: async () => (calls.push('second'), null) },
      ],
    });
    const error = await runStep(step, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepInvariantError);
    expect((error as Error).message).toBe('Step [scan_for_files] did not complete: every resource has a status, but 3 resource(s) have none (a, b, c)');
    expect(calls).toEqual(['run', 'status']);
  });

  it('completes when every invariant holds, and checks none when the step throws', async () => {
    const check = jest.fn(async () => null);
    await runStep(defineStep({ name: 'ok', doc: 'd', run: async () => undefined, ensures: [{ description: 'x', check }] }), ctx);
    expect(check).toHaveBeenCalledTimes(1);
    await expect(runStep(defineStep({ name: 'bad', doc: 'd', run: async () => Promise.reject(new Error('boom')), ensures: [{ description: 'x', check }] }), ctx)).rejects.toThrow('boom');
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe('ensureAllWritten', () => {
  it('says how many results did not reach the database', () => {
    expect(() => ensureAllWritten('scan_for_files', 'scan result', { added: 15863, written: 3717 })).toThrow(
      'Step [scan_for_files] did not complete: every scan result is written, but 3717 of 15863 were written',
    );
    expect(() => ensureAllWritten('scan_for_files', 'scan result', { added: 10, written: 10 })).not.toThrow();
  });
});
