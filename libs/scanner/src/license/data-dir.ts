import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Folder holding the license data files (rules/*.yml, data/*.yml). They sit next to this source
 * file; the TypeScript build copies only .ts output to dist/, so from dist/ we walk up to the
 * repository's copy of this folder.
 */
export function licenseDataDir(): string {
  if (existsSync(join(__dirname, 'rules'))) return __dirname;
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'libs', 'scanner', 'src', 'license');
    if (existsSync(join(candidate, 'rules'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`license data files (rules/, data/) not found from ${__dirname}`);
}
