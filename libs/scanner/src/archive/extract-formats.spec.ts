import { mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extractArchive } from './extract-archive';
import { arArchive, tarArchive, zipArchive } from './__fixtures__/archive-writers';
import { cpioNewc, cpioOdc, rpmPackage, zstdFrame } from './__fixtures__/cpio-writers';
import { listTree, scratchDir, sevenZip, writeFixture } from './__fixtures__/fixture-files';

describe('extractArchive round trips', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await scratchDir()));
  afterEach(() => cleanup());

  const tarEntries = [
    { name: 'pkg/', type: 'directory' as const },
    { name: 'pkg/readme.txt', data: 'read me' },
    { name: 'pkg/bin/run.sh', data: '#!/bin/sh\n', mode: 0o755 },
    { name: 'pkg/ünïcode-名前.txt', data: 'unicode' },
    { name: 'pkg/link', type: 'symlink' as const, linkname: 'readme.txt' },
    { name: 'pkg/hard', type: 'link' as const, linkname: 'pkg/readme.txt' },
  ];

  async function expectTarTree(out: string): Promise<void> {
    expect(await listTree(out)).toEqual([
      'pkg/', 'pkg/bin/', 'pkg/bin/run.sh', 'pkg/hard', 'pkg/link', 'pkg/readme.txt', 'pkg/ünïcode-名前.txt',
    ]);
    expect(await readFile(join(out, 'pkg/ünïcode-名前.txt'), 'utf8')).toBe('unicode');
    expect(await readlink(join(out, 'pkg/link'))).toBe('readme.txt');
    expect(await readFile(join(out, 'pkg/hard'), 'utf8')).toBe('read me');
    expect((await stat(join(out, 'pkg/bin/run.sh'))).mode & 0o111).not.toBe(0);
  }

  it('extracts a tar', async () => {
    const archive = await writeFixture(dir, 'a.tar', await tarArchive(tarEntries));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result.problems).toEqual([]);
    // The hard link adds a name, not bytes.
    expect(result).toMatchObject({ files: 4, bytes: 7 + 10 + 7 });
    await expectTarTree(join(dir, 'out'));
  });

  it.each([
    ['a.tar.gz', (tar: Buffer) => Promise.resolve(gzipSync(tar))],
    ['a.tar.zst', (tar: Buffer) => Promise.resolve(zstdFrame(tar))],
    ['a.tar.bz2', (tar: Buffer) => compressWith7z(dir, tar, 'bzip2', 'a.tar.bz2')],
    ['a.tar.xz', (tar: Buffer) => compressWith7z(dir, tar, 'xz', 'a.tar.xz')],
  ])('extracts %s to the tar members, not to a .tar file', async (name, compress) => {
    const archive = await writeFixture(dir, name, await compress(await tarArchive(tarEntries)));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result.problems).toEqual([]);
    await expectTarTree(join(dir, 'out'));
  });

  it.each([
    ['notes.txt.gz', (data: Buffer) => Promise.resolve(gzipSync(data))],
    ['notes.txt.zst', (data: Buffer) => Promise.resolve(zstdFrame(data))],
    ['notes.txt.bz2', (data: Buffer) => compressWith7z(dir, data, 'bzip2', 'notes.txt.bz2')],
    ['notes.txt.xz', (data: Buffer) => compressWith7z(dir, data, 'xz', 'notes.txt.xz')],
  ])('decompresses a lone %s to the name without its suffix', async (name, compress) => {
    const text = Buffer.from('some notes\n'.repeat(1000));
    const archive = await writeFixture(dir, name, await compress(text));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result).toEqual({ files: 1, bytes: text.length, problems: [] });
    expect(await readFile(join(dir, 'out/notes.txt'))).toEqual(text);
  });

  it('extracts a zip with UTF-8 and CP437 names, stored and deflated members, directories and symlinks', async () => {
    const archive = await writeFixture(dir, 'a.jar', zipArchive([
      { name: 'META-INF/', mode: 0o040755 },
      { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
      { name: 'stored.txt', data: 'stored', store: true },
      { name: 'ünï.txt', data: 'utf8 name' },
      { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x74, 0x78, 0x74]), data: 'cp437 name', utf8: false },
      { name: 'win\\style.txt', data: 'backslashes are separators' },
      { name: 'link', data: 'stored.txt', mode: 0o120777 },
    ]));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result.problems).toEqual([]);
    expect(await listTree(join(dir, 'out'))).toEqual([
      'META-INF/', 'META-INF/MANIFEST.MF', 'café.txt', 'link', 'stored.txt', 'win/', 'win/style.txt', 'ünï.txt',
    ]);
    expect(await readlink(join(dir, 'out/link'))).toBe('stored.txt');
    expect(await readFile(join(dir, 'out/café.txt'), 'utf8')).toBe('cp437 name');
  });

  it('extracts ar members with GNU long names', async () => {
    const archive = await writeFixture(dir, 'lib.a', arArchive([
      { name: 'short.o', data: 'odd' },
      { name: 'a-very-long-member-name.o', data: 'long' },
    ]));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result.problems).toEqual([]);
    expect(await listTree(join(dir, 'out'))).toEqual(['a-very-long-member-name.o', 'short.o']);
    expect(await readFile(join(dir, 'out/a-very-long-member-name.o'), 'utf8')).toBe('long');
  });

  it('extracts cpio newc (with a hard-link group) and odc', async () => {
    const newc = await writeFixture(dir, 'initrd.cpio', cpioNewc([
      { name: 'etc', mode: 0o040755 },
      { name: 'etc/first', mode: 0o100644, inode: 42, nlink: 2 },
      { name: 'etc/second', mode: 0o100644, inode: 42, nlink: 2, data: 'shared' },
      { name: 'etc/link', mode: 0o120777, data: 'second' },
      { name: 'dev/console', mode: 0o020600 },
    ]));
    const result = await extractArchive(newc, join(dir, 'newc'));
    expect(result.problems).toEqual([
      { archive: 'initrd.cpio', entry: 'dev/console', reason: 'device, FIFO or socket not extracted', severity: 'warning' },
    ]);
    expect(await readFile(join(dir, 'newc/etc/first'), 'utf8')).toBe('shared');
    expect(await readlink(join(dir, 'newc/etc/link'))).toBe('second');
    const odc = await writeFixture(dir, 'old.cpio', cpioOdc([{ name: 'ünï/a.txt', mode: 0o100644, data: 'odc' }]));
    expect((await extractArchive(odc, join(dir, 'odc'))).problems).toEqual([]);
    expect(await readFile(join(dir, 'odc/ünï/a.txt'), 'utf8')).toBe('odc');
  });

  it.each([
    ['gzip', (cpio: Buffer) => Promise.resolve(gzipSync(cpio))],
    ['zstd', (cpio: Buffer) => Promise.resolve(zstdFrame(cpio))],
    ['xz', (cpio: Buffer) => compressWith7z(dir, cpio, 'xz', 'payload.xz')],
  ])('extracts an rpm with a %s payload', async (_name, compress) => {
    const cpio = cpioNewc([
      { name: './usr/bin/tool', mode: 0o100755, data: 'binary' },
      { name: './usr/share/doc/tool/README', mode: 0o100644, data: 'docs' },
    ]);
    const archive = await writeFixture(dir, 'tool-1.0-1.x86_64.rpm', rpmPackage(await compress(cpio)));
    const result = await extractArchive(archive, join(dir, 'out'));
    expect(result.problems).toEqual([]);
    expect(await listTree(join(dir, 'out'))).toEqual([
      'usr/', 'usr/bin/', 'usr/bin/tool', 'usr/share/', 'usr/share/doc/', 'usr/share/doc/tool/', 'usr/share/doc/tool/README',
    ]);
  });

  it('extracts a 7z with unicode names and a symlink', async () => {
    const source = join(dir, 'src');
    await mkdir(join(source, 'd'), { recursive: true });
    await writeFile(join(source, 'a.txt'), 'hello');
    await writeFile(join(source, 'd/ünï.txt'), 'unicode');
    await symlink('a.txt', join(source, 'lnk'));
    await sevenZip(['a', '-snl', join(dir, 'a.7z'), '.'], source);
    const result = await extractArchive(join(dir, 'a.7z'), join(dir, 'out'));
    expect(result.problems).toEqual([]);
    expect(await listTree(join(dir, 'out'))).toEqual(['a.txt', 'd/', 'd/ünï.txt', 'lnk']);
    expect(await readlink(join(dir, 'out/lnk'))).toBe('a.txt');
    expect(await readFile(join(dir, 'out/d/ünï.txt'), 'utf8')).toBe('unicode');
  });
});

/** bzip2 and xz have no encoder among the dependencies; the 7-Zip binary writes them. */
async function compressWith7z(dir: string, data: Buffer, type: 'bzip2' | 'xz', name: string): Promise<Buffer> {
  const input = await writeFixture(dir, `${name}.input`, data);
  await sevenZip(['a', `-t${type}`, join(dir, `${name}.made`), input], dir);
  return readFile(join(dir, `${name}.made`));
}
