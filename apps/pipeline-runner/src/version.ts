import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app version written into each run's `scancodeio_version`, e.g. `v0.1.0`. */
export function version(): string {
  for (const dir of [process.cwd(), join(__dirname, '../../../..'), join(__dirname, '../../..')]) {
    try {
      return `v${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`;
    } catch {
      // try the next candidate
    }
  }
  return 'v0.0.0';
}
