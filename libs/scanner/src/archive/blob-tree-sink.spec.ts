import { randomBytes } from 'node:crypto';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readdirSync } from 'node:fs';
import { ArchiveTree, keepingSourcesOpen, readRange, readRangeHead } from './archive-tree';
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
  /** `declaredBytes`: a zip member left in place counts its declared size at once, where the extractor counts what it wrote before a limit stopped it. */
  async function expectSame(name: string, data: Buffer, limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS, declaredBytes = false): Promise<void> {
    const archive = await writeFixture(dir, name, data);
    const extracted = await extractArchive(archive, join(dir, `${name}-out`), { limits });
    const tree = await extractToTree({ archivePath: archive, blobPath: join(dir, `${name}.blob`), label: name, limits, total: { bytes: 0 } });
    expect(treeListing(tree.tree)).toEqual(await diskListing(join(dir, `${name}-out`)));
    expect(problemLines(tree.problems)).toEqual(problemLines(extracted.problems));
    expect([tree.files, declaredBytes || tree.bytes]).toEqual([extracted.files, declaredBytes || extracted.bytes]);
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

  it('reads zips: stored and deflated members, CP437 names, directories, links, a bomb', async () => {
    await expectSame('a.jar', zipArchive([
      { name: 'META-INF/', mode: 0o040755 },
      { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
      { name: 'stored.txt', data: 'stored', store: true },
      { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x74, 0x78, 0x74]), data: 'cp437 name', utf8: false },
      { name: 'win\\style.txt', data: 'backslashes are separators' },
      { name: 'link', data: 'stored.txt', mode: 0o120777 },
      { name: '../escaped.txt', data: 'x' },
    ]));
    await expectSame('bomb.zip', zipArchive([
      { name: 'before.txt', data: 'kept' },
      { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) },
      { name: 'after.txt', data: 'never reached' },
    ]), { ...DEFAULT_EXTRACTION_LIMITS, maxRatio: 100 }, true);
    await expectSame('garbage.zip', Buffer.from('this is not a zip file at all, just text'));
  });

  it('leaves zip members in the zip: ranges of it (deflated or stored), nothing written to the blob', async () => {
    const text = 'deflate me '.repeat(500);
    const noisy = Buffer.from(randomBytes(200_000).map((b) => 97 + (b % 26)));
    const archive = await writeFixture(dir, 'in-place.zip', zipArchive([{ name: 'a/deflated.txt', data: text }, { name: 'a/noisy.txt', data: noisy }, { name: 'a/stored.bin', data: 'stored bytes', store: true }]));
    const blobPath = join(dir, 'in-place.blob');
    const { tree } = await extractToTree({ archivePath: archive, blobPath, label: 'in-place.zip', limits: DEFAULT_EXTRACTION_LIMITS, total: { bytes: 0 } });
    const deflated = tree!.rangeOf('a/deflated.txt')!;
    expect(deflated).toMatchObject({ path: archive, size: text.length });
    expect(deflated.deflated).toBeLessThan(text.length);
    expect(readRange(deflated).toString()).toBe(text);
    expect(readRangeHead(deflated, 512).toString()).toBe(text.slice(0, 512));
    // A head inflated from the member's first compressed bytes only.
    expect(tree!.rangeOf('a/noisy.txt')!.deflated).toBeGreaterThan(4096);
    expect(readRangeHead(tree!.rangeOf('a/noisy.txt')!, 512).equals(noisy.subarray(0, 512))).toBe(true);
    const stored = tree!.rangeOf('a/stored.bin')!;
    expect(stored.deflated).toBeUndefined();
    expect((await readFile(archive)).subarray(stored.start, stored.start + stored.size).toString()).toBe('stored bytes');
    expect((await readFile(blobPath)).length).toBe(0);
    // Kept across steps: the JSON form keeps each member's source, deflated size and CRC.
    expect(readRange(ArchiveTree.fromJSON(JSON.parse(JSON.stringify(tree!.toJSON()))).rangeOf('a/deflated.txt')!).toString()).toBe(text);
  });

  it('reads the members of a batch through one descriptor of the zip, closed when the batch ends', async () => {
    const members = Array.from({ length: 20 }, (_, i) => ({ name: `m/${i}.txt`, data: `member ${i} `.repeat(i + 1) }));
    const archive = await writeFixture(dir, 'batch.zip', zipArchive(members));
    const { tree } = await extractToTree({ archivePath: archive, blobPath: join(dir, 'batch.blob'), label: 'batch.zip', limits: DEFAULT_EXTRACTION_LIMITS, total: { bytes: 0 } });
    const openDescriptors = () => readdirSync('/proc/self/fd').length;
    const before = openDescriptors();
    let during = 0;
    const read = await keepingSourcesOpen(async () => {
      const texts = members.map((m) => readRange(tree!.rangeOf(m.name)!).toString());
      during = openDescriptors();
      return texts;
    });
    expect(read).toEqual(members.map((m) => m.data));
    expect(during).toBe(before + 1);
    expect(openDescriptors()).toBe(before);
    // A small member's head, inflated whole, goes through the caller's reader too.
    const calls: string[] = [];
    const head = readRangeHead(tree!.rangeOf('m/3.txt')!, 512, (path, start, length) => {
      calls.push(path);
      return readRange({ path, start, size: length });
    });
    expect(head.toString()).toBe(members[3].data);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('finds a corrupt zip member when it is read, not when the zip is listed: the others read fine', async () => {
    const archive = await writeFixture(dir, 'crc.zip', zipArchive([{ name: 'bad.txt', data: 'payload', crc: 0x12345678 }, { name: 'good.txt', data: 'fine' }]));
    const { tree, problems } = await extractToTree({ archivePath: archive, blobPath: join(dir, 'crc.blob'), label: 'crc.zip', limits: DEFAULT_EXTRACTION_LIMITS, total: { bytes: 0 } });
    expect(problems).toEqual([]);
    expect(readRange(tree!.rangeOf('good.txt')!).toString()).toBe('fine');
    expect(() => readRange(tree!.rangeOf('bad.txt')!)).toThrow('CRC-32 mismatch');
  });

  it('never inflates a member past the size its zip declares', async () => {
    const zip = zipArchive([{ name: 'liar.bin', data: Buffer.alloc(100_000) }]);
    // The central directory's uncompressed size says 10 bytes (the local header is not read for it).
    zip.writeUInt32LE(10, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const archive = await writeFixture(dir, 'liar.zip', zip);
    const { tree } = await extractToTree({ archivePath: archive, blobPath: join(dir, 'liar.blob'), label: 'liar.zip', limits: DEFAULT_EXTRACTION_LIMITS, total: { bytes: 0 } });
    expect(tree!.rangeOf('liar.bin')!.size).toBe(10);
    expect(() => readRange(tree!.rangeOf('liar.bin')!)).toThrow('inflates to more than 10 bytes');
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
