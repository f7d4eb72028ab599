import { InvalidKeyError } from './storage.errors';
import { storageKeys } from './storage-keys';

const uuid = '5a9f3c1e-7b2d-4e8a-9c6f-0d1e2f3a4b5c';

describe('storageKeys', () => {
  it('lays keys out as ARCHITECTURE §5 says', () => {
    expect(storageKeys.project(uuid)).toBe(`projects/${uuid}/`);
    expect(storageKeys.inputPrefix(uuid)).toBe(`projects/${uuid}/input/`);
    expect(storageKeys.input(uuid, 'archive.tar.gz')).toBe(`projects/${uuid}/input/archive.tar.gz`);
    expect(storageKeys.codebasePrefix(uuid)).toBe(`projects/${uuid}/codebase/`);
    expect(storageKeys.codebase(uuid, 'src/main.c')).toBe(`projects/${uuid}/codebase/src/main.c`);
    expect(storageKeys.outputPrefix(uuid)).toBe(`projects/${uuid}/output/`);
    expect(storageKeys.output(uuid, 'results.json')).toBe(`projects/${uuid}/output/results.json`);
  });

  it('keeps spaces, unicode, #, ?, + and % as they are', () => {
    for (const name of ['my file.txt', 'ünïcødé-文件.txt', 'a#b?c.txt', 'c++ 100%.txt', '.hidden', '...']) {
      expect(storageKeys.input(uuid, name)).toBe(`projects/${uuid}/input/${name}`);
      expect(storageKeys.codebase(uuid, `dir/${name}`)).toBe(`projects/${uuid}/codebase/dir/${name}`);
    }
  });

  it.each([
    ['a "..", anywhere', '..'],
    ['a "." segment', '.'],
    ['an absolute path', '/etc/passwd'],
    ['a NUL', 'a\0b'],
    ['a backslash', 'a\\b'],
    ['an empty name', ''],
  ])('rejects %s in file names', (_what, name) => {
    expect(() => storageKeys.input(uuid, name)).toThrow(InvalidKeyError);
    expect(() => storageKeys.output(uuid, name)).toThrow(InvalidKeyError);
  });

  it('rejects a "/" in input and output file names, which are flat', () => {
    expect(() => storageKeys.input(uuid, 'dir/file')).toThrow(InvalidKeyError);
    expect(() => storageKeys.output(uuid, 'dir/file')).toThrow(InvalidKeyError);
  });

  it.each(['../x', 'a/../../x', 'a/./b', '/abs', 'a//b', 'a/', 'a\\..\\b', 'a\0'])('rejects codebase path %j', (path) => {
    expect(() => storageKeys.codebase(uuid, path)).toThrow(InvalidKeyError);
  });

  it.each(['', '../x', 'a/b', 'has space', 'x'.repeat(65)])('rejects project id %j', (id) => {
    expect(() => storageKeys.project(id)).toThrow(InvalidKeyError);
    expect(() => storageKeys.input(id, 'f')).toThrow(InvalidKeyError);
  });

  it('rejects keys over the 1024-byte S3 limit, counting UTF-8 bytes', () => {
    expect(() => storageKeys.codebase(uuid, 'é'.repeat(490))).toThrow(/1024 bytes/);
    expect(storageKeys.codebase(uuid, 'e'.repeat(900))).toHaveLength(`projects/${uuid}/codebase/`.length + 900);
  });

  it('gives the error a code for the gateway', () => {
    try {
      storageKeys.input(uuid, '..');
      throw new Error('unreachable');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidKeyError);
      expect((error as InvalidKeyError).code).toBe('invalid_key');
    }
  });
});
