import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkTree } from './walk';
import { treeStats } from './tree-stats';

let root: string;

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'walk-'));
  root = join(base, 'pkg');
  await mkdir(join(root, 'lib', 'deep'), { recursive: true });
  await writeFile(join(root, 'b.txt'), 'bb');
  await writeFile(join(root, 'a.txt'), 'a');
  await writeFile(join(root, 'lib', 'x.js'), 'xxxx');
  await writeFile(join(root, 'lib', 'deep', 'y.js'), 'yyy');
  await symlink('a.txt', join(root, 'link'));
});

afterAll(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

it('walks depth first, sorted, directories before their content, links not followed', async () => {
  const entries = [];
  for await (const e of walkTree(root, 'pkg')) entries.push([e.path, e.type]);
  expect(entries).toEqual([
    ['pkg', 'directory'],
    ['pkg/a.txt', 'file'],
    ['pkg/b.txt', 'file'],
    ['pkg/lib', 'directory'],
    ['pkg/lib/deep', 'directory'],
    ['pkg/lib/deep/y.js', 'file'],
    ['pkg/lib/x.js', 'file'],
    ['pkg/link', 'symlink'],
  ]);
});

it('counts files, directories and bytes under each directory', async () => {
  const { total, dirs, topLevelDepth } = await treeStats(root, 'pkg');
  expect(total).toBe(8);
  expect(topLevelDepth).toBe(1);
  expect(dirs.get('pkg')).toEqual({ files_count: 4, dirs_count: 2, size_count: 10 });
  expect(dirs.get('pkg/lib')).toEqual({ files_count: 2, dirs_count: 1, size_count: 7 });
  expect(dirs.get('pkg/lib/deep')).toEqual({ files_count: 1, dirs_count: 0, size_count: 3 });
});

it("looks through a root that holds a single directory, as an npm tarball's package/", async () => {
  const base = await mkdtemp(join(tmpdir(), 'walk-top-'));
  await mkdir(join(base, 'x-extract', 'package', 'lib'), { recursive: true });
  await writeFile(join(base, 'x-extract', 'package', 'LICENSE'), 'MIT');
  expect((await treeStats(join(base, 'x-extract'), 'x-extract')).topLevelDepth).toBe(2);
  await rm(base, { recursive: true, force: true });
});
