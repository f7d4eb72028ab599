import { DEFAULT_SCAN_OPTIONS, type FileScanOutput } from '@sca/scanner';
import { PackageScanCarry } from './package-scan-carry';

const packageOnly = { ...DEFAULT_SCAN_OPTIONS, package: true, packageOnly: true };
const withLicenses = { ...packageOnly, packageOnly: false };
const output = (name: string): FileScanOutput => ({ info: null, license: null, copyright: null, emails: null, urls: null, package_data: [{ name } as never], scan_errors: [] });

describe('PackageScanCarry', () => {
  it('hands the scans over once, under the options they ran with', async () => {
    const carry = new PackageScanCarry();
    const add = carry.start(packageOnly);
    add('a/package.json', Promise.resolve(output('a')));
    const taken = carry.take({ ...packageOnly });
    expect(await taken?.get('a/package.json')).toEqual(output('a'));
    expect(taken?.get('b/package.json')).toBeUndefined();
    expect(carry.take({ ...packageOnly })).toBeNull();
  });

  it('gives nothing to a step with other options, and drops what it held', () => {
    const carry = new PackageScanCarry();
    carry.start(packageOnly)('a/package.json', Promise.resolve(output('a')));
    expect(carry.take(withLicenses)).toBeNull();
    expect(carry.take(packageOnly)).toBeNull();
  });

  it('keeps a failed scan as null, for the taker to scan that file again', async () => {
    const carry = new PackageScanCarry();
    carry.start(packageOnly)('a/package.json', Promise.reject(new Error('worker died')));
    expect(await carry.take(packageOnly)?.get('a/package.json')).toBeNull();
  });
});
