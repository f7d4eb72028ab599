import { join, resolve } from 'node:path';
import { localPathFor } from './local-files';
import { assertObjectKey, assertPrefix, toDirectoryPrefix } from './object-key';
import { InvalidKeyError } from './storage.errors';

describe('object keys', () => {
  it('accepts ordinary keys, including backslashes that S3 allows', () => {
    for (const key of ['a', 'a/b.txt', 'dir/with space/ü#?+%.txt', 'win\\name.txt']) expect(() => assertObjectKey(key)).not.toThrow();
  });

  it.each(['', '/a', 'a//b', 'a/', './a', 'a/../b', 'a\0'])('rejects key %j', (key) => {
    expect(() => assertObjectKey(key)).toThrow(InvalidKeyError);
  });

  it('accepts prefixes with or without a trailing slash, and the empty prefix', () => {
    for (const prefix of ['', 'a', 'a/', 'a/b/']) expect(() => assertPrefix(prefix)).not.toThrow();
    for (const prefix of ['/', '//', 'a//', '../', 'a/../']) expect(() => assertPrefix(prefix)).toThrow(InvalidKeyError);
  });

  it('turns prefixes into directory prefixes', () => {
    expect(toDirectoryPrefix('')).toBe('');
    expect(toDirectoryPrefix('a/b')).toBe('a/b/');
    expect(toDirectoryPrefix('a/b/')).toBe('a/b/');
  });
});

describe('localPathFor', () => {
  const root = resolve('/tmp/download-root');

  it('maps a relative key path under the directory', () => {
    expect(localPathFor(root, 'a/b c.txt')).toBe(join(root, 'a', 'b c.txt'));
  });

  it.each(['../escape', 'a/../../escape', '/etc/passwd', '', 'a//b', 'a/'])('refuses %j', (rel) => {
    expect(() => localPathFor(root, rel)).toThrow(InvalidKeyError);
  });
});
