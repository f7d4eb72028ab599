import { packageData } from '../packages';
import type { FileScanOutput } from './file-scan';
import { DEFAULT_SCAN_OPTIONS } from './scan-options';
import { toolkitRecord } from './toolkit-record';

const options = { ...DEFAULT_SCAN_OPTIONS, package: true };
const output = (packages: FileScanOutput['package_data'] = []): FileScanOutput => ({ info: null, license: null, copyright: null, emails: null, urls: null, package_data: packages, scan_errors: [] });
const flags = (rec: Record<string, unknown>) => ['is_legal', 'is_manifest', 'is_readme', 'is_top_level', 'is_key_file'].filter((k) => rec[k]);

describe('toolkitRecord classification (--classify)', () => {
  it('classifies a top-level readme as a key file', () => {
    const rec = toolkitRecord({ path: 'codebase/package/readme.md', absPath: '/x/readme.md', type: 'file' }, output(), options, undefined, 2);
    expect(flags(rec)).toEqual(['is_readme', 'is_top_level', 'is_key_file']);
  });

  it('leaves every flag of a file with package data false, as ScanCode 32.x does', () => {
    const manifest = packageData('npm_package_json', { type: 'npm', name: 'is-npm', version: '1.0.0' });
    const rec = toolkitRecord({ path: 'codebase/package/package.json', absPath: '/x/package.json', type: 'file' }, output([manifest]), options, undefined, 2);
    expect(flags(rec)).toEqual([]);
    // Without package data, the same file is a top-level manifest.
    expect(flags(toolkitRecord({ path: 'codebase/package/package.json', absPath: '/x/package.json', type: 'file' }, output(), options, undefined, 2))).toEqual(['is_manifest', 'is_top_level', 'is_key_file']);
  });
});
