import type { FileScanOutput } from '@sca/scanner';
import { PackageScanCarry } from './package-scan-carry';

const output = (name: string): FileScanOutput => ({ info: null, license: null, copyright: null, emails: null, urls: null, package_data: [{ name } as never], scan_errors: [] });

describe('PackageScanCarry', () => {
  it('hands the scans over once, under the options they ran with', async () => {
    const carry = new PackageScanCarry();
    const add = carry.start('options-a');
    add('a/package.json', Promise.resolve(output('a')));
    const taken = carry.take('options-a');
    expect(await taken?.get('a/package.json')).toEqual(output('a'));
    expect(taken?.get('b/package.json')).toBeUndefined();
    expect(carry.take('options-a')).toBeNull();
  });

  it('gives nothing to a step with other options, and drops what it held', () => {
    const carry = new PackageScanCarry();
    carry.start('package-only')('a/package.json', Promise.resolve(output('a')));
    expect(carry.take('with-licenses')).toBeNull();
    expect(carry.take('package-only')).toBeNull();
  });

  it('keeps a failed scan as null, for the taker to scan that file again', async () => {
    const carry = new PackageScanCarry();
    carry.start('k')('a/package.json', Promise.reject(new Error('worker died')));
    expect(await carry.take('k')?.get('a/package.json')).toBeNull();
  });
});
