import { PolicyError } from './policy-error';

/** The message of the PolicyError `fn` throws; fails the test when it throws nothing or something else. */
export function policyErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyError);
    return (error as Error).message;
  }
  throw new Error('no PolicyError thrown');
}
