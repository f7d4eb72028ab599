import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extractRecursively } from './extract-recursively';
import { DEFAULT_EXTRACTION_LIMITS } from './extraction-types';
import { arArchive, tarArchive, zipArchive } from './__fixtures__/archive-writers';
import { zstdFrame } from './__fixtures__/cpio-writers';
import { listTree, scratchDir, writeFixture } from './__fixtures__/fixture-files';

describe('extractRecursively', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await scratchDir()));
  afterEach(() => cleanup());

  /** outer.tar ⊃ middle.zip ⊃ inner.tar.gz ⊃ deep.txt */
  async function nestedFixture(): Promise<void> {
    const inner = gzipSync(await tarArchive([{ name: 'deep.txt', data: 'deep' }]));
    const middle = zipArchive([{ name: 'lib/inner.tar.gz', data: inner }, { name: 'm.txt', data: 'm' }]);
    await mkdir(join(dir, 'src'));
    await writeFixture(join(dir, 'src'), 'outer.tar', await tarArchive([{ name: 'middle.zip', data: middle }]));
    await writeFile(join(dir, 'src/plain.txt'), 'not an archive');
  }

  it("extracts every archive next to itself into X-extract/, nested ones too, keeping the originals", async () => {
    await nestedFixture();
    const progress: number[] = [];
    const result = await extractRecursively(dir, { onProgress: (done) => progress.push(done) });
    expect(result).toEqual({ archives: 3, problems: [] });
    expect(progress).toEqual([1, 2, 3]);
    expect(await listTree(join(dir, 'src'))).toEqual([
      'outer.tar',
      'outer.tar-extract/',
      'outer.tar-extract/middle.zip',
      'outer.tar-extract/middle.zip-extract/',
      'outer.tar-extract/middle.zip-extract/lib/',
      'outer.tar-extract/middle.zip-extract/lib/inner.tar.gz',
      'outer.tar-extract/middle.zip-extract/lib/inner.tar.gz-extract/',
      'outer.tar-extract/middle.zip-extract/lib/inner.tar.gz-extract/deep.txt',
      'outer.tar-extract/middle.zip-extract/m.txt',
      'plain.txt',
    ]);
  });

  it('does nothing more on a second run', async () => {
    await nestedFixture();
    await extractRecursively(dir);
    expect(await extractRecursively(dir)).toEqual({ archives: 0, problems: [] });
  });

  it('stops at the depth limit, naming the archive by its path from the root', async () => {
    await nestedFixture();
    const limits = { ...DEFAULT_EXTRACTION_LIMITS, maxDepth: 2 };
    const result = await extractRecursively(dir, { limits });
    expect(result).toEqual({
      archives: 2,
      problems: [{
        archive: 'src/outer.tar-extract/middle.zip-extract/lib/inner.tar.gz',
        reason: 'nested more than 2 archives deep; not extracted',
        severity: 'error',
      }],
    });
  });

  it('extracts a .deb to its members, then its control and data tarballs', async () => {
    const control = gzipSync(await tarArchive([{ name: './control', data: 'Package: hello\n' }]));
    const data = zstdFrame(await tarArchive([{ name: './usr/bin/hello', data: 'ELF' }]));
    await writeFixture(dir, 'hello_1.0_amd64.deb', arArchive([
      { name: 'debian-binary', data: '2.0\n' },
      { name: 'control.tar.gz', data: control },
      { name: 'data.tar.zst', data },
    ]));
    const result = await extractRecursively(dir);
    expect(result).toEqual({ archives: 3, problems: [] });
    expect(await readFile(join(dir, 'hello_1.0_amd64.deb-extract/control.tar.gz-extract/control'), 'utf8')).toBe('Package: hello\n');
    expect(await readFile(join(dir, 'hello_1.0_amd64.deb-extract/data.tar.zst-extract/usr/bin/hello'), 'utf8')).toBe('ELF');
  });

  it('labels problems of nested archives with their path from the root and goes on', async () => {
    const evil = zipArchive([{ name: '../../../escape.txt', data: 'x' }, { name: 'ok.txt', data: 'ok' }]);
    await writeFixture(dir, 'outer.zip', zipArchive([{ name: 'evil.zip', data: evil, store: true }]));
    await writeFixture(dir, 'broken.tar.gz', Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0]));
    const result = await extractRecursively(dir);
    expect(result.archives).toBe(3);
    expect(result.problems).toEqual([
      { archive: 'broken.tar.gz', reason: expect.stringContaining('corrupt'), severity: 'error' },
      { archive: 'outer.zip-extract/evil.zip', entry: '../../../escape.txt', reason: expect.stringContaining('refused'), severity: 'error' },
    ]);
    expect(await readFile(join(dir, 'outer.zip-extract/evil.zip-extract/ok.txt'), 'utf8')).toBe('ok');
  });

  it('shares one byte budget across all archives', async () => {
    for (const name of ['a', 'b', 'c']) await writeFixture(dir, `${name}.gz`, gzipSync(Buffer.alloc(1000, 0x61)));
    const result = await extractRecursively(dir, { limits: { ...DEFAULT_EXTRACTION_LIMITS, maxTotalBytes: 1500 } });
    expect(result.problems.map((problem) => [problem.archive, problem.reason])).toEqual([
      ['b.gz', expect.stringContaining('size above the limit')],
      ['c.gz', 'total extracted size limit reached; not extracted'],
    ]);
  });
});
