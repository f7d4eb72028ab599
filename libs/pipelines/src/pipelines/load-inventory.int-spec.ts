import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usePipelineHarness } from '@sca/testing';

const TOOLKIT_SCAN = join(__dirname, '..', '..', '..', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json');

const harness = usePipelineHarness();

describe('load_inventory', () => {
  it('loads a ScanCode-toolkit scan: resources in the package, the package, its dependency', async () => {
    const r = await harness().run({ pipeline: 'load_inventory', inputs: [{ name: 'scan.json', content: readFileSync(TOOLKIT_SCAN) }] });
    expect(r.status).toBe('success');
    expect(r.log).toContain('Step [build_inventory_from_scans] completed in');
    expect(r.resources.map((x) => x.status)).toEqual(Array(6).fill('application-package'));
    expect(r.packages.map((p) => p.purl)).toEqual(['pkg:npm/is-npm@1.0.0']);
    expect(Object.keys(r.packages[0])).toHaveLength(49);
    const files = r.resources.filter((x) => x.type === 'file');
    expect(files).toHaveLength(5);
    expect(Object.keys(files[0])).toHaveLength(38);
    expect(files[0].for_packages).toEqual([r.packages[0].package_uid]);
    expect(r.dependencies).toEqual([expect.objectContaining({ purl: 'pkg:npm/ava', for_package_uid: r.packages[0].package_uid, datafile_path: 'package/package.json', package_type: 'npm' })]);
  });

  it('fails the run with ScanCode.io\'s message for an unsupported inventory', async () => {
    const r = await harness().run({ pipeline: 'load_inventory', inputs: [{ name: 'other.json', content: '{"headers": [{"tool_name": "something-else"}], "files": []}' }] });
    expect(r.status).toBe('failure');
    expect(r.taskOutput).toMatch(/^Input not supported/);
    expect(r.taskOutput).toContain('Traceback:');
    expect(r.log).toMatch(/Pipeline failed: Input not supported/);
  });
});
