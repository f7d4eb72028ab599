import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * `shared/<parts>` in the nearest folder above this file that has it (the repository's parent,
 * where CI lays ScanCode.io's test data and the development corpora), or undefined.
 */
export function findShared(...parts: string[]): string | undefined {
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', ...parts);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `shared/corpora/<name>` (see findShared), or undefined where there is none. */
export const sharedCorpus = (name: string): string | undefined => findShared('corpora', name);
