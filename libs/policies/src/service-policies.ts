import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '@sca/config';
import { loadPoliciesYaml, type Policies } from '@sca/scanner';

/**
 * Loads POLICIES_FILE (relative to the working directory, as ScanCode.io reads its setting).
 * A missing or invalid file stops the service at start, as a configuration error: nothing must
 * go on without the policies an operator configured.
 */
export function loadServicePolicies(file: string | undefined): Policies | null {
  if (!file) return null;
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([`POLICIES_FILE: cannot read ${path}: ${(error as Error).message}`]);
  }
  try {
    return loadPoliciesYaml(text);
  } catch (error) {
    throw new ConfigError([`POLICIES_FILE: ${(error as Error).message} (${path})`]);
  }
}
