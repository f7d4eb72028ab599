import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extractArchive } from './extract-archive';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionProblem } from './extraction-types';
import { tarArchive, zipArchive } from './__fixtures__/archive-writers';
import { cpioNewc, zstdRleBomb } from './__fixtures__/cpio-writers';
import { listTree, scratchDir, sevenZip, writeFixture } from './__fixtures__/fixture-files';

describe('extractArchive on hostile archives', () => {
  let dir: string;
  let out: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await scratchDir());
    out = join(dir, 'out');
  });
  afterEach(() => cleanup());

  const errors = (problems: ExtractionProblem[]): Array<[string | undefined, string]> =>
    problems.filter((problem) => problem.severity === 'error').map((problem) => [problem.entry, problem.reason]);

  /** Nothing may appear in the scratch directory but the archive and the target. */
  async function expectNothingOutside(archiveName: string): Promise<void> {
    expect((await readdir(dir)).sort()).toEqual([archiveName, 'out'].sort());
  }

  it('refuses absolute paths and ".." segments in a zip and extracts the other entries', async () => {
    const archive = await writeFixture(dir, 'evil.zip', zipArchive([
      { name: '../escaped.txt', data: 'x' },
      { name: '/abs.txt', data: 'x' },
      { name: 'C:\\windows.txt', data: 'x' },
      { name: 'ok/../../escaped2.txt', data: 'x' },
      { name: 'good.txt', data: 'good' },
    ]));
    const result = await extractArchive(archive, out);
    expect(result.files).toBe(1);
    expect(result.problems.every((problem) => problem.archive === 'evil.zip')).toBe(true);
    expect(errors(result.problems)).toEqual([
      ['../escaped.txt', expect.stringContaining('".." segments refused')],
      ['/abs.txt', 'absolute path refused'],
      ['C:/windows.txt', 'absolute path refused'],
      ['ok/../../escaped2.txt', expect.stringContaining('".." segments refused')],
    ]);
    expect(await listTree(out)).toEqual(['good.txt']);
    await expectNothingOutside('evil.zip');
  });

  it('refuses links leading outside, even through other links, and never writes through them', async () => {
    const archive = await writeFixture(dir, 'links.tar', await tarArchive([
      { name: 'sub/file.txt', data: 'inside' },
      { name: 'abs', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'up', type: 'symlink', linkname: '../../outside' },
      { name: 'up/pwned.txt', data: 'x' },
      { name: 'dot', type: 'symlink', linkname: '.' },
      { name: 'sneaky', type: 'symlink', linkname: 'dot/..' },
      { name: 'sneaky/pwned.txt', data: 'x' },
      { name: 'inside', type: 'symlink', linkname: 'sub' },
      { name: 'inside/through-link.txt', data: 'ok' },
      { name: 'hard', type: 'link', linkname: '../outside.txt' },
      { name: 'hard-abs', type: 'link', linkname: '/etc/passwd' },
      { name: 'hard-ok', type: 'link', linkname: 'sub/file.txt' },
    ]));
    const result = await extractArchive(archive, out);
    expect(errors(result.problems)).toEqual([
      ['abs', 'symlink to absolute path "/etc/passwd" refused'],
      ['up', 'symlink to "../../outside" points outside the target; refused'],
      ['sneaky/pwned.txt', 'parent directory is a symlink leading outside the target; entry refused'],
      ['hard', expect.stringContaining('".." segments refused')],
      ['hard-abs', expect.stringContaining('absolute path refused')],
      ['sneaky', 'symlink resolving outside the target removed'],
    ]);
    // "up" was refused as a link, so "up/pwned.txt" became an ordinary directory inside the target.
    expect(await listTree(out)).toEqual([
      'dot', 'hard-ok', 'inside', 'sub/', 'sub/file.txt', 'sub/through-link.txt', 'up/', 'up/pwned.txt',
    ]);
    expect(await readFile(join(out, 'hard-ok'), 'utf8')).toBe('inside');
    await expectNothingOutside('links.tar');
  });

  it('reads absolute symlinks against the target root when asked (image layers), never outside it', async () => {
    const archive = await writeFixture(dir, 'layer.tar', await tarArchive([
      { name: 'bin/busybox', data: 'bb' },
      { name: 'bin/sh', type: 'symlink', linkname: '/bin/busybox' },
      { name: 'etc/pw', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'up', type: 'symlink', linkname: '/../../../../etc/shadow' },
      { name: 'root', type: 'symlink', linkname: '/' },
      { name: 'lib', type: 'symlink', linkname: 'usr/lib' },
      { name: 'usr/lib/', type: 'directory' },
      { name: 'lib/ld.so', type: 'symlink', linkname: '/usr/lib/real.so' },
    ]));
    const result = await extractArchive(archive, out, { absoluteSymlinks: 'root-relative' });
    expect(errors(result.problems)).toEqual([]);
    const { readlink } = await import('node:fs/promises');
    expect(await readlink(join(out, 'bin/sh'))).toBe('busybox');
    expect(await readlink(join(out, 'etc/pw'))).toBe('passwd');
    expect(await readlink(join(out, 'up'))).toBe('etc/shadow');
    expect(await readlink(join(out, 'root'))).toBe('.');
    // Written through the in-tree `lib -> usr/lib` link: relative to where it really lives.
    expect(await readlink(join(out, 'usr/lib/ld.so'))).toBe('real.so');
    expect(await readFile(join(out, 'bin/sh'), 'utf8')).toBe('bb');
    await expectNothingOutside('layer.tar');
  });

  it('skips device files and FIFOs with a warning', async () => {
    const archive = await writeFixture(dir, 'dev.tar', await tarArchive([
      { name: 'dev/null', type: 'character-device' },
      { name: 'pipe', type: 'fifo' },
      { name: 'real.txt', data: 'real' },
    ]));
    const result = await extractArchive(archive, out);
    expect(result.problems).toEqual([
      { archive: 'dev.tar', entry: 'dev/null', reason: 'character-device not extracted', severity: 'warning' },
      { archive: 'dev.tar', entry: 'pipe', reason: 'fifo not extracted', severity: 'warning' },
    ]);
    expect(await listTree(out)).toEqual(['real.txt']);
  });

  it('stops a zip bomb at the ratio limit, keeping the entries before it', async () => {
    const archive = await writeFixture(dir, 'bomb.zip', zipArchive([
      { name: 'before.txt', data: 'kept' },
      { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) },
      { name: 'after.txt', data: 'never reached' },
    ]));
    const result = await extractArchive(archive, out, { limits: { ...DEFAULT_EXTRACTION_LIMITS, maxRatio: 100 } });
    expect(errors(result.problems)).toEqual([
      [undefined, 'decompression bomb: output is more than 100 times the archive size; extraction stopped'],
    ]);
    expect(await listTree(out)).toEqual(['before.txt']);
  });

  it('stops a zstd bomb (4 bytes per 128 KiB) with the default limits and bounded memory', async () => {
    const archive = await writeFixture(dir, 'bomb.zst', zstdRleBomb(100_000));
    const result = await extractArchive(archive, out);
    expect(errors(result.problems)).toEqual([[undefined, expect.stringContaining('decompression bomb')]]);
    expect(result.bytes).toBeLessThan(1000 * (await lstat(archive)).size + 1024 * 1024);
    expect(await readdir(out)).toEqual([]);
  });

  it('stops at the total size and entry count limits', async () => {
    const tar = await tarArchive(['a', 'b', 'c', 'd'].map((name) => ({ name, data: Buffer.alloc(1000, 0x61) })));
    const archive = await writeFixture(dir, 'many.tar', tar);
    const bySize = await extractArchive(archive, out, { limits: { ...DEFAULT_EXTRACTION_LIMITS, maxTotalBytes: 2500 } });
    expect(errors(bySize.problems)).toEqual([[undefined, expect.stringContaining('size above the limit of 2500 bytes')]]);
    expect(await listTree(out)).toEqual(['a', 'b']);
    const byCount = await extractArchive(archive, join(dir, 'out', 'n'), { limits: { ...DEFAULT_EXTRACTION_LIMITS, maxEntries: 3 } });
    expect(errors(byCount.problems)).toEqual([[undefined, 'more than 3 entries; extraction stopped']]);
    expect(byCount.files).toBe(3);
  });

  it('reports a truncated tar.gz and keeps what was extracted before the cut', async () => {
    const tar = await tarArchive([
      { name: 'first.txt', data: 'first' },
      { name: 'big.bin', data: Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7919) % 251)) },
    ]);
    const gz = gzipSync(tar);
    const archive = await writeFixture(dir, 'cut.tar.gz', gz.subarray(0, gz.length / 2));
    const result = await extractArchive(archive, out);
    expect(errors(result.problems)).toEqual([['big.bin', expect.stringContaining('corrupt or truncated data')]]);
    expect(await listTree(out)).toEqual(['first.txt']);
  });

  it('reports a corrupt zip member and goes on with the others', async () => {
    const archive = await writeFixture(dir, 'crc.zip', zipArchive([
      { name: 'bad.txt', data: 'payload', crc: 0x12345678 },
      { name: 'good.txt', data: 'fine' },
    ]));
    const result = await extractArchive(archive, out);
    expect(errors(result.problems)).toEqual([['bad.txt', expect.stringContaining('CRC-32 mismatch')]]);
    expect(await listTree(out)).toEqual(['good.txt']);
  });

  it.each([
    ['garbage.zip', Buffer.from('this is not a zip file at all, just text'), 'not a readable zip'],
    ['cut.cpio', cpioNewc([{ name: 'a', mode: 0o100644, data: 'abc' }]).subarray(0, 120), 'truncated'],
    ['cut.bz2', Buffer.from('BZh91AY&SY\x01\x02'), 'bzip2'],
  ])('reports a broken %s without throwing', async (name, data, reason) => {
    const result = await extractArchive(await writeFixture(dir, name, data), out);
    expect(result.problems).toEqual([expect.objectContaining({ archive: name, severity: 'error', reason: expect.stringContaining(reason) })]);
  });

  it('reports a truncated 7z', async () => {
    await writeFile(join(dir, 'a.txt'), 'seven');
    await sevenZip(['a', 'full.7z', 'a.txt'], dir);
    const full = await readFile(join(dir, 'full.7z'));
    const result = await extractArchive(await writeFixture(dir, 'cut.7z', full.subarray(0, 40)), out);
    expect(errors(result.problems)).toEqual([[undefined, expect.stringContaining('7-Zip failed')]]);
  });

  it('rejects when the signal is aborted', async () => {
    const archive = await writeFixture(dir, 'a.tar', await tarArchive([{ name: 'a', data: 'a' }]));
    await expect(extractArchive(archive, out, { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
