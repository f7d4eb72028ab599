import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageInput } from '@sca/persistence';
import { loadPoliciesYaml, type Policies } from '@sca/scanner';
import { resolvePolicies, type PolicyLookup } from './resolve-policies';

const yamlFor = (key: string, alert = 'error') => `license_policies:\n  - license_key: ${key}\n    compliance_alert: ${alert}\n`;
const SERVICE = loadPoliciesYaml(yamlFor('service'));

let root: string;
let messages: MessageInput[];

function lookup(settings: Record<string, unknown> = {}, service: Policies | null = SERVICE): PolicyLookup {
  return {
    settings,
    dirs: { root, input: join(root, 'input'), codebase: join(root, 'codebase') },
    service,
    model: 'make_summary_from_scan_results',
    report: async (m) => void messages.push(m),
  };
}

async function put(relativePath: string, text: string): Promise<void> {
  await mkdir(join(root, relativePath, '..'), { recursive: true });
  await writeFile(join(root, relativePath), text);
}

async function keysOf(l: PolicyLookup): Promise<[string | null, string[] | null]> {
  const r = await resolvePolicies(l);
  return [r.source, r.policies ? [...r.policies.licensePolicies.keys()] : null];
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'policies-'));
  await mkdir(join(root, 'input'));
  await mkdir(join(root, 'codebase'));
  messages = [];
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('resolvePolicies: first source found wins', () => {
  beforeEach(async () => {
    await put('input/policies.yml', yamlFor('input'));
    await put('codebase/pkg/policies.yml', yamlFor('codebase'));
  });

  it('1. the project setting, as a YAML text', async () => {
    expect(await keysOf(lookup({ policies: yamlFor('setting-text') }))).toEqual(['settings', ['setting-text']]);
  });

  it('1. the project setting, as a mapping', async () => {
    expect(await keysOf(lookup({ policies: { license_policies: [{ license_key: 'setting-map', compliance_alert: '' }] } }))).toEqual(['settings', ['setting-map']]);
  });

  it('2. input/policies.yml when the setting is absent or empty', async () => {
    expect(await keysOf(lookup())).toEqual(['input', ['input']]);
    for (const empty of ['', null, {}, []]) expect(await keysOf(lookup({ policies: empty }))).toEqual(['input', ['input']]);
  });

  it('3. the one codebase/<dir>/policies.yml without input/policies.yml', async () => {
    await rm(join(root, 'input', 'policies.yml'));
    expect(await keysOf(lookup())).toEqual(['codebase', ['codebase']]);
  });

  it('4. the service-wide policies without any project policies', async () => {
    await rm(join(root, 'input', 'policies.yml'));
    await rm(join(root, 'codebase', 'pkg'), { recursive: true });
    expect(await keysOf(lookup())).toEqual(['service', ['service']]);
  });

  it('none at all without a service-wide file', async () => {
    await rm(join(root, 'input', 'policies.yml'));
    await rm(join(root, 'codebase', 'pkg'), { recursive: true });
    expect(await keysOf(lookup({}, null))).toEqual([null, null]);
  });
});

describe('resolvePolicies: codebase files', () => {
  it('warns and goes on to the service-wide policies when several codebase/<dir>/policies.yml exist', async () => {
    await put('codebase/a/policies.yml', yamlFor('a'));
    await put('codebase/b/policies.yml', yamlFor('b'));
    expect(await keysOf(lookup())).toEqual(['service', ['service']]);
    expect(messages).toEqual([
      {
        severity: 'warning',
        description: 'More than one policies.yml found. Could not determine which one to use.',
        model: 'Project',
        details: { resources: ['codebase/a/policies.yml', 'codebase/b/policies.yml'] },
      },
    ]);
  });

  it('looks only one level deep, and not at codebase/policies.yml itself', async () => {
    await put('codebase/policies.yml', yamlFor('top'));
    await put('codebase/a/b/policies.yml', yamlFor('deep'));
    expect(await keysOf(lookup())).toEqual(['service', ['service']]);
  });

  it('ignores a symlinked policies.yml (an archive must not make the runner read its own files)', async () => {
    await put('outside.yml', yamlFor('outside'));
    await mkdir(join(root, 'codebase', 'pkg'));
    await symlink(join(root, 'outside.yml'), join(root, 'codebase', 'pkg', 'policies.yml'));
    expect(await keysOf(lookup())).toEqual(['service', ['service']]);
  });
});

describe('resolvePolicies: a bad project document', () => {
  it('reports an invalid setting as an error of the step and disables policies', async () => {
    expect(await keysOf(lookup({ policies: 'license_clarity_thresholds:\n  0: error\n  80: ok\n' }))).toEqual(['settings', null]);
    expect(messages).toEqual([
      { severity: 'error', description: 'Thresholds must be strictly descending', model: 'make_summary_from_scan_results', details: { setting: 'policies' } },
    ]);
  });

  it('reports a setting that is neither text nor mapping', async () => {
    await resolvePolicies(lookup({ policies: 42 }));
    expect(messages.map((m) => m.description)).toEqual(['The `policies_dict` argument must be a dictionary.']);
  });

  it('reports a bad input/policies.yml with its path and does not fall back to the service-wide policies', async () => {
    await put('input/policies.yml', 'license_policies: [\n');
    expect(await keysOf(lookup())).toEqual(['input', null]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ severity: 'error', model: 'make_summary_from_scan_results', details: { path: 'input/policies.yml' } });
    expect(messages[0].description).toMatch(/^Policies file format error: /);
  });

  it('reports a codebase policies.yml without a policy type', async () => {
    await put('codebase/pkg/policies.yml', 'other: 1\n');
    expect(await keysOf(lookup())).toEqual(['codebase', null]);
    expect(messages[0]).toMatchObject({
      description: 'At least one of the following policy types must be present: license_clarity_thresholds, license_policies, scorecard_score_thresholds',
      details: { path: 'codebase/pkg/policies.yml' },
    });
  });
});
