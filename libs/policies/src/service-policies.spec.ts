import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@sca/config';
import { loadServicePolicies } from './service-policies';

const dir = mkdtempSync(join(tmpdir(), 'service-policies-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('loadServicePolicies (POLICIES_FILE)', () => {
  it('is disabled when not set', () => {
    expect(loadServicePolicies(undefined)).toBeNull();
    expect(loadServicePolicies('')).toBeNull();
  });

  it('loads a valid file', () => {
    const policies = loadServicePolicies(file('ok.yml', 'license_clarity_thresholds:\n  80: ok\n  0: error\n'));
    expect(policies?.clarityThresholds?.map((t) => t.min)).toEqual([80, 0]);
  });

  it('stops the start with the validation message', () => {
    const path = file('bad.yml', 'license_clarity_thresholds:\n  0: error\n  80: ok\n');
    expect(() => loadServicePolicies(path)).toThrow(ConfigError);
    expect(() => loadServicePolicies(path)).toThrow(`POLICIES_FILE: Thresholds must be strictly descending (${path})`);
  });

  it('stops the start on a YAML error and on a missing file', () => {
    expect(() => loadServicePolicies(file('broken.yml', 'license_policies: [\n'))).toThrow(/POLICIES_FILE: Policies file format error: /);
    expect(() => loadServicePolicies(join(dir, 'nope.yml'))).toThrow(/POLICIES_FILE: cannot read .*nope\.yml/);
  });
});
