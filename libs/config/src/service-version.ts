import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service version, e.g. `v0.1.0`: each run's `scancodeio_version`, the results'
 * `tool_version`, the SBOM tool version. Read from the workspace package.json.
 */
export function serviceVersion(): string {
  for (const dir of [process.cwd(), join(__dirname, '../../../..'), join(__dirname, '../../..'), join(__dirname, '../..')]) {
    try {
      return `v${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`;
    } catch {
      // try the next candidate
    }
  }
  return 'v0.0.0';
}
