import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * `shared/corpora/<name>` in the nearest folder above this file that has one (the repository's
 * parent, where CI lays the development corpora), or undefined where there is none.
 */
export function sharedCorpus(name: string): string | undefined {
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpora', name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
