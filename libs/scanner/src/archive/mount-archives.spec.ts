import { cpSync, readFileSync } from 'node:fs';
import { mkdir, readlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { treeStats } from '../scan/tree-stats';
import { walkTree, type TreeMounts } from '../scan/walk';
import { readRange } from './archive-tree';
import { extractRecursively } from './extract-recursively';
import type { ExtractionProblem } from './extraction-types';
import { mountArchivesRecursively } from './mount-archives';
import { arArchive, tarArchive, zipArchive } from './__fixtures__/archive-writers';
import { scratchDir } from './__fixtures__/fixture-files';

/** Every entry below `root` with its bytes or link target; mounted files read from their ranges. */
async function listing(root: string, mounts: TreeMounts = new Map()): Promise<string[]> {
  const out: string[] = [];
  for await (const e of walkTree(root, 'codebase', mounts)) {
    if (e.type === 'directory') out.push(`d ${e.path}`);
    else if (e.type === 'symlink') out.push(`l ${e.path} -> ${mounts.size ? linkTarget(mounts, e.absPath) : await readlink(e.absPath)}`);
    else out.push(`f ${e.path} ${(e.range ? readRange(e.range) : readFileSync(e.absPath)).toString('latin1')}`);
  }
  return out;
}

const problemLines = (problems: ExtractionProblem[]) => problems.map((p) => `${p.severity} ${p.archive} ${p.entry ?? ''}: ${p.reason}`);

describe('mountArchivesRecursively', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await scratchDir()));
  afterEach(() => cleanup());

  it('mounts what extractRecursively writes: the same entries, bytes, nesting, counts and problems', async () => {
    const base = join(dir, 'base');
    await mkdir(join(base, 'src', 'vendor'), { recursive: true });
    const innerTgz = gzipSync(await tarArchive([{ name: 'package/package.json', data: '{"name":"inner","version":"1.0.0"}' }, { name: 'package/index.js', data: 'module.exports = 1;' }]));
    const innerZip = zipArchive([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' }, { name: 'deep.tar', data: await tarArchive([{ name: 'x.txt', data: 'deep' }]), store: true }]);
    await writeFile(join(base, 'src', 'main.js'), 'console.log(1);');
    await writeFile(join(base, 'src', 'vendor', 'inner-1.0.0.tgz'), innerTgz);
    await writeFile(join(base, 'lib.jar'), zipArchive([
      { name: 'a/B.class', data: 'cafebabe' },
      { name: 'nested.zip', data: innerZip },
      { name: 'libs/inner.tgz', data: innerTgz, store: true },
      { name: '../evil.txt', data: 'x' },
    ]));
    await writeFile(join(base, 'plain.tar'), await tarArchive([
      { name: 'p/readme', data: 'readme' },
      { name: 'p/ar.a', data: arArchive([{ name: 'o.o', data: 'obj' }]) },
      { name: 'p/broken.zip', data: 'not really a zip' },
      { name: 'p/link', type: 'symlink', linkname: 'readme' },
    ]));
    await writeFile(join(base, 'notes.txt.gz'), gzipSync(Buffer.from('notes')));

    const disk = join(dir, 'disk');
    cpSync(base, disk, { recursive: true });
    const extracted = await extractRecursively(disk);
    const mounted = await mountArchivesRecursively(base, join(dir, 'scratch'));

    const onDisk = await listing(disk);
    const throughMounts = await listing(base, mounted.mounts);
    expect(throughMounts).toEqual(onDisk);
    expect(onDisk.length).toBeGreaterThan(25);
    expect(mounted.archives).toBe(extracted.archives);
    expect(problemLines(mounted.problems)).toEqual(problemLines(extracted.problems));
    // Per-directory counts (the toolkit's files_count, dirs_count, size_count) through the mounts too.
    const [diskStats, mountStats] = [await treeStats(disk, 'codebase'), await treeStats(base, 'codebase', mounted.mounts)];
    expect(mountStats.total).toBe(diskStats.total);
    expect([...mountStats.dirs]).toEqual([...diskStats.dirs]);
  });

  it('leaves a corrupt nested archive of a zip read in place unmounted, with a problem, and mounts the rest', async () => {
    const base = join(dir, 'crc');
    await mkdir(base, { recursive: true });
    const inner = zipArchive([{ name: 'inside.txt', data: 'never read' }]);
    await writeFile(join(base, 'outer.zip'), zipArchive([{ name: 'inner.zip', data: inner, crc: 0x12345678 }, { name: 'fine.txt', data: 'fine' }]));
    const mounted = await mountArchivesRecursively(base, join(dir, 'scratch-crc'));
    expect(problemLines(mounted.problems)).toEqual([expect.stringMatching(/^error outer\.zip-extract\/inner\.zip : not extracted: .*CRC-32 mismatch/)]);
    const entries: string[] = [];
    for await (const e of walkTree(base, 'codebase', mounted.mounts)) entries.push(`${e.type[0]} ${e.path}`);
    expect(entries).toEqual(['d codebase', 'f codebase/outer.zip', 'd codebase/outer.zip-extract', 'f codebase/outer.zip-extract/fine.txt', 'f codebase/outer.zip-extract/inner.zip', 'd codebase/outer.zip-extract/inner.zip-extract']);
    const tree = mounted.mounts.get(join(base, 'outer.zip-extract'))!;
    expect(readRange(tree.rangeOf('fine.txt')!).toString()).toBe('fine');
    // Reading the corrupt member itself (as the scans do) says why.
    expect(() => readRange(tree.rangeOf('inner.zip')!)).toThrow('CRC-32 mismatch');
  });
});

/** A mounted symlink's target, from the tree that holds it. */
function linkTarget(mounts: TreeMounts, abs: string): string {
  let best: [string, number] | null = null;
  for (const [dir] of mounts) if (abs.startsWith(`${dir}/`) && (!best || dir.length > best[1])) best = [dir, dir.length];
  const tree = mounts.get(best![0])!;
  const node = tree.get(abs.slice(best![0].length + 1));
  return node?.type === 'symlink' ? node.target : '?';
}
