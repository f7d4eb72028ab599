import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildArchiveTree } from './archive-tree-builder';
import { ArchiveTree, OUTSIDE } from './archive-tree';
import { extractArchive } from './extract-archive';
import { tarArchive, type TarFixtureEntry } from './__fixtures__/archive-writers';
import { diskListing, problemLines, treeListing } from './__fixtures__/tree-listings';
import { scratchDir, writeFixture } from './__fixtures__/fixture-files';


describe('buildArchiveTree', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await scratchDir());
  });
  afterEach(() => cleanup());

  /** The tree and the extractor agree on every entry, byte, link and problem. */
  async function expectSameAsExtraction(name: string, entries: TarFixtureEntry[], absoluteSymlinks: 'refuse' | 'root-relative' = 'root-relative') {
    const archive = await writeFixture(dir, name, await tarArchive(entries));
    const out = join(dir, `${name}-out`);
    const extracted = await extractArchive(archive, out, { absoluteSymlinks });
    const built = await buildArchiveTree(archive, { label: name, absoluteSymlinks });
    expect(treeListing(built.tree)).toEqual(await diskListing(out));
    expect(problemLines(built.problems)).toEqual(problemLines(extracted.problems.map((p) => ({ ...p, entry: p.entry?.startsWith(out) ? p.entry.slice(out.length + 1) : p.entry }))));
    expect(built.files).toBe(extracted.files);
    return built;
  }

  it('holds what extraction writes for an ordinary tree, files read in place', async () => {
    const built = await expectSameAsExtraction('plain.tar', [
      { name: './', type: 'directory' },
      { name: 'etc/', type: 'directory' },
      { name: 'etc/os-release', data: 'ID=debian\n' },
      { name: 'usr/bin/tool', data: 'binary' },
      { name: 'usr/share/doc/a-b/copyright', data: 'c' },
      { name: 'usr/share/doc/a/copyright', data: 'd' },
      { name: 'empty', data: '' },
      { name: 'bin', type: 'symlink', linkname: 'usr/bin' },
      { name: 'usr/lib/os-release', data: 'x'.repeat(1500) },
    ]);
    expect(built.tree.rangeOf('usr/bin/tool')?.size).toBe(6);
    expect(built.tree.resolveFile('bin/tool')).toEqual(built.tree.rangeOf('usr/bin/tool'));
  });

  it('refuses and audits links as the extractor does', async () => {
    await expectSameAsExtraction('links.tar', [
      { name: 'sub/file.txt', data: 'inside' },
      { name: 'abs', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'rootabs', type: 'symlink', linkname: '/sub/../../../../sub/file.txt' },
      { name: 'up', type: 'symlink', linkname: '../../outside' },
      { name: 'up/pwned.txt', data: 'x' },
      { name: 'dot', type: 'symlink', linkname: '.' },
      { name: 'sneaky', type: 'symlink', linkname: 'dot/..' },
      { name: 'sneaky/pwned.txt', data: 'x' },
      { name: 'inside', type: 'symlink', linkname: 'sub' },
      { name: 'inside/through-link.txt', data: 'ok' },
      { name: 'tofile', type: 'symlink', linkname: 'sub/file.txt' },
      { name: 'tofile/x', data: 'x' },
      { name: 'dangling', type: 'symlink', linkname: 'nowhere' },
      { name: 'dangling/x', data: 'x' },
      { name: 'loop1', type: 'symlink', linkname: 'loop2' },
      { name: 'loop2', type: 'symlink', linkname: 'loop1' },
      { name: 'hard', type: 'link', linkname: '../outside.txt' },
      { name: 'hard-abs', type: 'link', linkname: '/etc/passwd' },
      { name: 'hard-ok', type: 'link', linkname: 'sub/file.txt' },
      { name: 'hard-via-link', type: 'link', linkname: 'inside/file.txt' },
      { name: 'hard-missing', type: 'link', linkname: 'sub/nothing' },
      { name: 'hard-dir', type: 'link', linkname: 'sub' },
      { name: 'hard-to-link', type: 'link', linkname: 'dot' },
      { name: 'deep/a', type: 'symlink', linkname: '../..' },
    ]);
  });

  it('skips devices and keeps the last of duplicate entries', async () => {
    await expectSameAsExtraction('dups.tar', [
      { name: 'a', data: 'first' },
      { name: 'a', data: 'second' },
      { name: 'd/', type: 'directory' },
      { name: 'd', data: 'file over a directory' },
      { name: 'f', data: 'file' },
      { name: 'f/child', data: 'under a file' },
      { name: 'f', type: 'directory' },
      { name: 'l', type: 'symlink', linkname: 'a' },
      { name: 'l', data: 'replaces the link' },
      { name: 'dev', type: 'character-device' },
      { name: 'pipe', type: 'fifo' },
      { name: '../escape', data: 'x' },
      { name: 'x/../../escape', data: 'x' },
    ]);
  });

  it('reads long names (GNU and pax) and absolute links of a root filesystem', async () => {
    const long = `${'deep/'.repeat(30)}file.txt`;
    await expectSameAsExtraction('long.tar', [
      { name: long, data: 'long' },
      { name: `${'n'.repeat(120)}.txt`, data: 'wide' },
      { name: 'usr/bin/awk', type: 'symlink', linkname: '/etc/alternatives/awk' },
      { name: 'etc/alternatives/awk', type: 'symlink', linkname: '/usr/bin/mawk' },
      { name: 'usr/bin/mawk', data: 'mawk' },
      { name: 'lnk', type: 'symlink', linkname: `/${long}` },
    ]);
  });

  it('reports a truncated tar and keeps the entries before the cut', async () => {
    const whole = await tarArchive([{ name: 'kept.txt', data: 'kept' }, { name: 'cut.bin', data: 'z'.repeat(4096) }]);
    const archive = await writeFixture(dir, 'cut.tar', whole.subarray(0, 512 * 4));
    const out = join(dir, 'cut-out');
    const extracted = await extractArchive(archive, out);
    const built = await buildArchiveTree(archive, { label: 'cut.tar' });
    expect(treeListing(built.tree)).toEqual(await diskListing(out));
    expect(problemLines(built.problems)).toEqual(problemLines(extracted.problems));
  });

  it('reports a header that does not add up', async () => {
    const whole = Buffer.from(await tarArchive([{ name: 'a.txt', data: 'a' }, { name: 'b.txt', data: 'b' }]));
    whole[1024 + 10] ^= 0xff;
    const archive = await writeFixture(dir, 'bad.tar', whole);
    const extracted = await extractArchive(archive, join(dir, 'bad-out'));
    const built = await buildArchiveTree(archive, { label: 'bad.tar' });
    expect(treeListing(built.tree)).toEqual(['f a.txt a']);
    expect(problemLines(built.problems)).toEqual(problemLines(extracted.problems));
  });

  it('reads a tar inside another file by its byte range', async () => {
    const inner = await tarArchive([{ name: 'x/y.txt', data: 'yy' }]);
    const archive = await writeFixture(dir, 'outer.bin', Buffer.concat([Buffer.alloc(1000, 7), inner, Buffer.alloc(300, 9)]));
    const built = await buildArchiveTree(archive, { label: 'inner.tar', range: { start: 1000, end: 1000 + inner.length } });
    expect(treeListing(built.tree)).toEqual(['d x', 'f x/y.txt yy']);
    expect(built.problems).toEqual([]);
  });

  it('stops at the entry limit', async () => {
    const archive = await writeFixture(dir, 'many.tar', await tarArchive(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, data: 'x' }))));
    const built = await buildArchiveTree(archive, { label: 'many.tar', limits: { maxEntries: 4, maxDepth: 1, maxRatio: 1000, maxTotalBytes: 1e9 } });
    expect(built.files).toBe(4);
    expect(problemLines(built.problems)).toEqual(['error : more than 4 entries; extraction stopped']);
  });

  it('round-trips through JSON and resolves paths as realpath does', async () => {
    const built = await expectSameAsExtraction('json.tar', [
      { name: 'usr/lib/x86_64/libc.so', data: 'libc' },
      { name: 'lib', type: 'symlink', linkname: 'usr/lib' },
      { name: 'up', type: 'symlink', linkname: 'usr/..' },
    ]);
    const copy = ArchiveTree.fromJSON(JSON.parse(JSON.stringify(built.tree)));
    expect(treeListing(copy)).toEqual(treeListing(built.tree));
    expect(copy.realPath('lib/x86_64/libc.so')).toBe('usr/lib/x86_64/libc.so');
    expect(copy.realPath('up/lib')).toBe('usr/lib');
    expect(copy.realPath('lib/../..')).toBe('');
    expect(copy.realPath('lib/../../..')).toBe(OUTSIDE);
    expect(copy.realPath('usr/missing')).toBeNull();
    copy.remove('usr/lib');
    expect(treeListing(copy)).toEqual(['l lib -> usr/lib', 'l up -> usr/..', 'd usr']);
  });

  const layers = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'scancodeio-testdata', 'docker');
  const haveLayers = existsSync(join(layers, 'alpine_3_15_4.tar.gz'));
  (haveLayers ? it : it.skip)("holds what extraction writes for the layers of ScanCode.io's test images", async () => {
    for (const image of readdirSync(layers).filter((n) => /^(alpine_3_15_4|debian)\.tar\.gz$/.test(n))) {
      const unpacked = join(dir, `${image}-image`);
      execFileSync('mkdir', ['-p', unpacked]);
      execFileSync('tar', ['-xzf', join(layers, image), '-C', unpacked]);
      const tars = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((p) => /(^|\/)(layer\.tar|[0-9a-f]{64}\.tar)$/.test(p) && lstatSync(join(unpacked, p)).isFile());
      expect(tars.length).toBeGreaterThan(0);
      for (const tar of tars) {
        const out = join(dir, `${image}-${tars.indexOf(tar)}`);
        const extracted = await extractArchive(join(unpacked, tar), out, { absoluteSymlinks: 'root-relative' });
        const built = await buildArchiveTree(join(unpacked, tar), { label: 'layer.tar', absoluteSymlinks: 'root-relative' });
        expect(treeListing(built.tree)).toEqual(await diskListing(out));
        expect(problemLines(built.problems)).toEqual(problemLines(extracted.problems));
      }
    }
  });
});
