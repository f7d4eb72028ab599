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

  it('writes the flags right after the file info, is_community last, as the toolkit does', () => {
    const rec = toolkitRecord({ path: 'codebase/pkg/CODE_OF_CONDUCT.md', absPath: '/x/CODE_OF_CONDUCT.md', type: 'file' }, output(), options, undefined, 2);
    const keys = Object.keys(rec);
    expect(keys.slice(keys.indexOf('is_script') + 1, keys.indexOf('package_data'))).toEqual(['is_legal', 'is_manifest', 'is_readme', 'is_top_level', 'is_key_file', 'is_community']);
    expect(rec.is_community).toBe(true);
    expect(toolkitRecord({ path: 'codebase/pkg/docs-funding.yml', absPath: '/x/c', type: 'file' }, output(), options, undefined, 2).is_community).toBe(true);
    expect(toolkitRecord({ path: 'codebase/pkg/index.js', absPath: '/x/i', type: 'file' }, output(), options, undefined, 2).is_community).toBe(false);
  });
});
