import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extractToTree } from './blob-tree-sink';
import { extractArchive } from './extract-archive';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './extraction-types';
import { arArchive, tarArchive, zipArchive } from './__fixtures__/archive-writers';
import { cpioNewc, rpmPackage, zstdFrame, zstdRleBomb } from './__fixtures__/cpio-writers';
import { diskListing, problemLines, treeListing } from './__fixtures__/tree-listings';
import { scratchDir, sevenZip, writeFixture } from './__fixtures__/fixture-files';


describe('extractToTree', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await scratchDir()));
  afterEach(() => cleanup());

  /** The tree and the extractor agree on every entry, byte, link, count and problem. */
  async function expectSame(name: string, data: Buffer, limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS): Promise<void> {
    const archive = await writeFixture(dir, name, data);
    const extracted = await extractArchive(archive, join(dir, `${name}-out`), { limits });
    const tree = await extractToTree({ archivePath: archive, blobPath: join(dir, `${name}.blob`), label: name, limits, total: { bytes: 0 } });
    expect(treeListing(tree.tree)).toEqual(await diskListing(join(dir, `${name}-out`)));
    expect(problemLines(tree.problems)).toEqual(problemLines(extracted.problems));
    expect([tree.files, tree.bytes]).toEqual([extracted.files, extracted.bytes]);
  }

  const tarEntries = [
    { name: 'pkg/', type: 'directory' as const },
    { name: 'pkg/readme.txt', data: 'read me' },
    { name: 'pkg/bin/run.sh', data: '#!/bin/sh\n', mode: 0o755 },
    { name: 'pkg/ünïcode-名前.txt', data: 'unicode' },
    { name: 'pkg/link', type: 'symlink' as const, linkname: 'readme.txt' },
    { name: 'pkg/hard', type: 'link' as const, linkname: 'pkg/readme.txt' },
  ];

  it('reads compressed tars and lone compressed files', async () => {
    const tar = await tarArchive(tarEntries);
    await expectSame('a.tar.gz', gzipSync(tar));
    await expectSame('a.tar.zst', zstdFrame(tar));
    await expectSame('notes.txt.gz', gzipSync(Buffer.from('some notes\n'.repeat(1000))));
  });

  it('reads zips: stored and deflated members, CP437 names, directories, links, a corrupt member, a bomb', async () => {
    await expectSame('a.jar', zipArchive([
      { name: 'META-INF/', mode: 0o040755 },
      { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
      { name: 'stored.txt', data: 'stored', store: true },
      { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x74, 0x78, 0x74]), data: 'cp437 name', utf8: false },
      { name: 'win\\style.txt', data: 'backslashes are separators' },
      { name: 'link', data: 'stored.txt', mode: 0o120777 },
      { name: '../escaped.txt', data: 'x' },
    ]));
    await expectSame('crc.zip', zipArchive([{ name: 'bad.txt', data: 'payload', crc: 0x12345678 }, { name: 'good.txt', data: 'fine' }]));
    await expectSame('bomb.zip', zipArchive([
      { name: 'before.txt', data: 'kept' },
      { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) },
      { name: 'after.txt', data: 'never reached' },
    ]), { ...DEFAULT_EXTRACTION_LIMITS, maxRatio: 100 });
    await expectSame('garbage.zip', Buffer.from('this is not a zip file at all, just text'));
  });

  it('reads ar, cpio (hard-link groups, devices), rpm and 7z', async () => {
    await expectSame('lib.a', arArchive([{ name: 'short.o', data: 'odd' }, { name: 'a-very-long-member-name.o', data: 'long' }]));
    await expectSame('initrd.cpio', cpioNewc([
      { name: 'etc', mode: 0o040755 },
      { name: 'etc/first', mode: 0o100644, inode: 42, nlink: 2 },
      { name: 'etc/second', mode: 0o100644, inode: 42, nlink: 2, data: 'shared' },
      { name: 'etc/link', mode: 0o120777, data: 'second' },
      { name: 'dev/console', mode: 0o020600 },
    ]));
    await expectSame('tool-1.0-1.x86_64.rpm', rpmPackage(gzipSync(cpioNewc([{ name: './usr/bin/tool', mode: 0o100755, data: 'binary' }]))));
    const source = join(dir, 'src');
    await mkdir(join(source, 'd'), { recursive: true });
    await writeFile(join(source, 'a.txt'), 'hello');
    await writeFile(join(source, 'd/ünï.txt'), 'unicode');
    await symlink('a.txt', join(source, 'lnk'));
    await sevenZip(['a', '-snl', join(dir, 'made.7z'), '.'], source);
    await expectSame('a.7z', await readFile(join(dir, 'made.7z')));
  });

  it('stops at the limits and on truncated data as the extractor does', async () => {
    await expectSame('bomb.zst', zstdRleBomb(100_000));
    const many = await tarArchive(['a', 'b', 'c', 'd'].map((name) => ({ name, data: Buffer.alloc(1000, 0x61) })));
    await expectSame('many.tar.gz', gzipSync(many), { ...DEFAULT_EXTRACTION_LIMITS, maxTotalBytes: 2500 });
    await expectSame('count.tar.gz', gzipSync(many), { ...DEFAULT_EXTRACTION_LIMITS, maxEntries: 3 });
    const big = await tarArchive([{ name: 'first.txt', data: 'first' }, { name: 'big.bin', data: Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)) }]);
    const gz = gzipSync(big);
    await expectSame('cut.tar.gz', gz.subarray(0, gz.length / 2));
  });

  it('reports what is no archive', async () => {
    const tree = await extractToTree({ archivePath: await writeFixture(dir, 'x.txt', Buffer.from('plain')), blobPath: join(dir, 'x.blob'), label: 'x.txt', limits: DEFAULT_EXTRACTION_LIMITS, total: { bytes: 0 } });
    expect(tree.tree).toBeNull();
    expect(problemLines(tree.problems)).toEqual(['error : not a recognised archive']);
  });
});
