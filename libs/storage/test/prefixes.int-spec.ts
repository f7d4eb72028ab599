import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidKeyError, ObjectNotFoundError, type ObjectInfo, type S3ObjectStorage } from '../src';
import { startTestS3, type TestS3 } from './local-s3-fixture';

/** A small codebase: nested directories, odd names, and a directory holding only directories. */
const TREE: Record<string, string> = {
  'README.md': 'readme',
  'src/main.c': 'int main() {}',
  'src/lib/util.c': 'util',
  'src/lib/c++ 100%/x#y?.h': 'odd',
  'src/trailing space ': 'ws',
  'only-dirs/a/b/deep.txt': 'deep',
  'ünï/文件.txt': 'unicode',
};

async function writeTree(root: string, tree: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(tree)) {
    await mkdir(join(root, rel, '..'), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

async function collect(items: AsyncIterable<ObjectInfo>): Promise<ObjectInfo[]> {
  const all: ObjectInfo[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('S3ObjectStorage: prefixes and directories', () => {
  let t: TestS3;
  let storage: S3ObjectStorage;
  let localTree: string;

  beforeAll(async () => {
    t = await startTestS3();
    storage = t.storage;
    localTree = await t.scratch();
    await writeTree(localTree, TREE);
    await mkdir(join(localTree, 'empty-dir'));
    // Links must be skipped, not followed: one to a file, one to a directory outside the tree.
    await symlink(join(localTree, 'README.md'), join(localTree, 'link-to-file'));
    await symlink(await t.scratch(), join(localTree, 'src', 'link-to-dir'));
  });
  afterAll(() => t.close());

  it('uploadDirectory uploads regular files only and counts them', async () => {
    expect(await storage.uploadDirectory(localTree, 'projects/p1/codebase/')).toBe(Object.keys(TREE).length);
    const keys = (await collect(storage.list('projects/p1/codebase/'))).map((o) => o.key);
    expect(keys.sort()).toEqual(Object.keys(TREE).map((rel) => `projects/p1/codebase/${rel}`).sort());
  });

  it('list is recursive, in key order, with sizes', async () => {
    const listed = await collect(storage.list('projects/p1/codebase/src/'));
    expect(listed.map((o) => [o.key.slice('projects/p1/codebase/src/'.length), o.size])).toEqual([
      ['lib/c++ 100%/x#y?.h', 3],
      ['lib/util.c', 4],
      ['main.c', 13],
      ['trailing space ', 2],
    ]);
    expect(listed[0]!.lastModified).toBeInstanceOf(Date);
    expect(await collect(storage.list('projects/nothing/'))).toEqual([]);
  });

  it('listNames lists one level like ls, files and directories alike', async () => {
    const base = 'projects/p1/codebase/';
    expect(await storage.listNames(base)).toEqual(['README.md', 'only-dirs', 'src', 'ünï']);
    expect(await storage.listNames(`${base}src`)).toEqual(['lib', 'main.c', 'trailing space ']);
    expect(await storage.listNames(`${base}src/lib/`)).toEqual(['c++ 100%', 'util.c']);
    expect(await storage.listNames(`${base}only-dirs/`)).toEqual(['a']);
    expect(await storage.listNames('projects/')).toEqual(['p1']);
    expect(await storage.listNames('projects/none/')).toEqual([]);
  });

  it('uploadDirectory accepts a prefix without trailing slash and a concurrency of 1', async () => {
    expect(await storage.uploadDirectory(localTree, 'projects/p2/codebase', 1)).toBe(Object.keys(TREE).length);
    expect(await storage.listNames('projects/p2/codebase')).toEqual(['README.md', 'only-dirs', 'src', 'ünï']);
  });

  it('downloadPrefix recreates the tree and counts files', async () => {
    const target = await t.scratch();
    expect(await storage.downloadPrefix('projects/p1/codebase/', target, 3)).toBe(Object.keys(TREE).length);
    for (const [rel, content] of Object.entries(TREE)) expect(await readFile(join(target, rel), 'utf8')).toBe(content);
  });

  it('copyPrefix copies every object to the same relative key, odd names included', async () => {
    expect(await storage.copyPrefix('projects/p1/codebase/', 'projects/p3/codebase/')).toBe(Object.keys(TREE).length);
    for (const [rel, content] of Object.entries(TREE)) {
      expect((await storage.getBuffer(`projects/p3/codebase/${rel}`)).toString()).toBe(content);
    }
    expect(await storage.exists('projects/p1/codebase/src/main.c')).toBe(true); // source untouched
  });

  it('copy copies one object inside the store and gives its size; a missing source is ObjectNotFoundError', async () => {
    expect(await storage.copy('projects/p1/codebase/src/lib/c++ 100%/x#y?.h', 'projects/p4/odd copy#1')).toEqual({ size: 3 });
    expect((await storage.getBuffer('projects/p4/odd copy#1')).toString()).toBe('odd');
    await expect(storage.copy('projects/p1/missing', 'projects/p4/x')).rejects.toThrow(ObjectNotFoundError);
    await storage.removePrefix('projects/p4/');
  });

  it('copyPrefix refuses a target inside the source', async () => {
    await expect(storage.copyPrefix('projects/p1/', 'projects/p1/copy/')).rejects.toThrow(InvalidKeyError);
  });

  it('removePrefix removes exactly the objects under the prefix, odd names included', async () => {
    await storage.putBuffer('projects/p3x/keep.txt', 'sibling whose name extends the prefix');
    expect(await storage.removePrefix('projects/p3/')).toBe(Object.keys(TREE).length);
    expect(await collect(storage.list('projects/p3/'))).toEqual([]);
    expect(await storage.exists('projects/p3x/keep.txt')).toBe(true);
    expect(await storage.removePrefix('projects/p3/')).toBe(0);
  });

  it('removePrefix refuses the empty prefix', async () => {
    await expect(storage.removePrefix('')).rejects.toThrow(InvalidKeyError);
  });

  it('handles more keys than one listing page and one delete batch', async () => {
    const many = await t.scratch();
    const count = 1050; // more than one 1000-key page and one 1000-key delete batch
    await mkdir(join(many, 'd'));
    await Promise.all(Array.from({ length: count }, (_, i) => writeFile(join(many, 'd', `f${i}`), `${i}`)));
    expect(await storage.uploadDirectory(many, 'projects/many/', 16)).toBe(count);
    const listed = await collect(storage.list('projects/many/'));
    expect(listed).toHaveLength(count);
    expect(new Set(listed.map((o) => o.key)).size).toBe(count);
    expect((await storage.listNames('projects/many/d/')).length).toBe(count);
    expect(await storage.removePrefix('projects/many/')).toBe(count);
    expect(await collect(storage.list('projects/many/'))).toEqual([]);
  });
});
