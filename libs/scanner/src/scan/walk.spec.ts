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

it('keeps the walk order with more sibling directories than it lists ahead, and without file sizes counts none', async () => {
  const base = await mkdtemp(join(tmpdir(), 'walk-wide-'));
  const expected: string[] = ['wide'];
  // Names whose sorted order differs from their creation order.
  for (const n of [9, 3, 12, 0, 7, 1, 11, 5, 10, 2, 8, 4, 6]) {
    const dir = join(base, 'wide', `d${String(n).padStart(2, '0')}`);
    await mkdir(join(dir, 'inner'), { recursive: true });
    await writeFile(join(dir, 'inner', 'f.txt'), 'x');
    await writeFile(join(dir, 'z.txt'), 'zz');
  }
  for (let n = 0; n <= 12; n++) {
    const d = `wide/d${String(n).padStart(2, '0')}`;
    expected.push(d, `${d}/inner`, `${d}/inner/f.txt`, `${d}/z.txt`);
  }
  const walked: string[] = [];
  for await (const e of walkTree(join(base, 'wide'), 'wide')) walked.push(e.path);
  expect(walked).toEqual(expected);
  const { total, dirs } = await treeStats(join(base, 'wide'), 'wide', new Map(), { sizes: false });
  expect(total).toBe(expected.length);
  expect(dirs.get('wide')).toEqual({ files_count: 26, dirs_count: 26, size_count: 0 });
  await rm(base, { recursive: true, force: true });
});

it('fails the walk where a directory listed ahead has gone, with no unhandled rejection', async () => {
  const base = await mkdtemp(join(tmpdir(), 'walk-gone-'));
  for (const n of ['a', 'b', 'c']) await mkdir(join(base, 'gone', n, 'sub'), { recursive: true });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const walked: string[] = [];
    const walking = (async () => {
      for await (const e of walkTree(join(base, 'gone'), 'gone')) {
        walked.push(e.path);
        // While a/ is walked, c/ (listed ahead or not) is removed.
        if (e.path === 'gone/a/sub') await rm(join(base, 'gone', 'c'), { recursive: true });
      }
    })();
    await expect(walking).rejects.toMatchObject({ code: 'ENOENT' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    expect(walked.slice(0, 5)).toEqual(['gone', 'gone/a', 'gone/a/sub', 'gone/b', 'gone/b/sub']);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await rm(base, { recursive: true, force: true });
  }
});
