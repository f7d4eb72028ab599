import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageInput } from '@sca/persistence';
import { loadPoliciesYaml } from '@sca/scanner';
import { RunPolicies } from './run-policies';

const SERVICE = loadPoliciesYaml('license_policies:\n  - license_key: mit\n');

async function workDirs() {
  const root = await mkdtemp(join(tmpdir(), 'run-policies-'));
  const dirs = { root, input: join(root, 'input'), codebase: join(root, 'codebase') };
  await mkdir(dirs.input);
  await mkdir(dirs.codebase);
  return dirs;
}

describe('RunPolicies', () => {
  it('is unsettled until a step or the run end asks', async () => {
    const policies = new RunPolicies(SERVICE);
    policies.attach({}, await workDirs(), async () => undefined);
    expect(policies.settled()).toBeUndefined();
    expect(await policies.get('step')).toBe(SERVICE);
    expect(await policies.settled()).toBe(SERVICE);
  });

  it('resolves once per run: a file appearing later does not change them, a bad one is reported once', async () => {
    const dirs = await workDirs();
    const messages: MessageInput[] = [];
    const policies = new RunPolicies(SERVICE);
    policies.attach({ policies: 'license_policies: [\n' }, dirs, async (m) => void messages.push(m));
    expect(await policies.get('first_step')).toBeNull();
    await writeFile(join(dirs.input, 'policies.yml'), 'license_policies:\n  - license_key: isc\n');
    expect(await policies.get('second_step')).toBeNull();
    expect(messages.map((m) => m.model)).toEqual(['first_step']);
  });

  it('gives the service-wide policies and stays unsettled without a project', async () => {
    const policies = new RunPolicies(SERVICE);
    expect(await policies.get('step')).toBe(SERVICE);
    expect(policies.settled()).toBeUndefined();
  });
});
