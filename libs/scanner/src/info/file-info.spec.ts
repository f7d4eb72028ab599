import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFileInfo } from './file-info';

const fixture = (name: string) => join(__dirname, '__fixtures__', name);
const gitHashObject = (path: string) => execFileSync('git', ['hash-object', '--no-filters', path], { encoding: 'utf8' }).trim();

describe('getFileInfo', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'file-info-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('hashes content with the standard test vectors', async () => {
    const info = await getFileInfo(fixture('abc.txt'));
    expect(info).toMatchObject({
      type: 'file', name: 'abc.txt', base_name: 'abc', extension: '.txt', size: 3,
      md5: '900150983cd24fb0d6963f7d28e17f72',
      sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      sha1_git: 'f2ba8f84ab5c1bce84a7b441cb1959cfc7093b7f',
      mime_type: 'text/plain', file_type: 'ASCII text, with no line terminators',
      is_text: true, is_binary: false, is_source: false, programming_language: '',
    });
    // The toolkit's file info has no sha512, nor has a ScanCode.io resource.
    expect(info).not.toHaveProperty('sha512');
  });

  it.each(['abc.txt', 'hello.py', 'cli', 'pixel.png', 'true.elf', 'sample.zip', 'hello.txt.gz'])(
    'gives %s the blob id git gives it',
    async (name) => {
      expect((await getFileInfo(fixture(name))).sha1_git).toBe(gitHashObject(fixture(name)));
    },
  );

  it('hashes a file larger than one read chunk in a streaming pass', async () => {
    const path = join(tmp, 'big.bin');
    const content = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');
    writeFileSync(path, content);
    const info = await getFileInfo(path);
    expect(info.size).toBe(content.length);
    expect(info.sha1_git).toBe(gitHashObject(path));
    expect(info.sha256).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('describes a Python source file', async () => {
    expect(await getFileInfo(fixture('hello.py'))).toMatchObject({
      mime_type: 'text/x-script.python', file_type: 'Python script, ASCII text executable',
      programming_language: 'Python', is_text: true, is_source: true, is_script: true,
    });
  });

  it('guesses the language of an extensionless script from its shebang', async () => {
    expect(await getFileInfo(fixture('cli'))).toMatchObject({
      extension: '', file_type: 'Node.js script executable, ASCII text', programming_language: 'JavaScript',
      is_source: true, is_script: true,
    });
  });

  it('recognises a PNG as media', async () => {
    expect(await getFileInfo(fixture('pixel.png'))).toMatchObject({
      mime_type: 'image/png', file_type: 'PNG image data, 1 x 1, 8-bit/color RGB, non-interlaced',
      is_binary: true, is_text: false, is_media: true, is_archive: false, is_source: false, programming_language: '',
    });
  });

  it('recognises an ELF executable', async () => {
    const info = await getFileInfo(fixture('true.elf'));
    expect(info.file_type).toMatch(/^ELF 64-bit LSB /);
    expect(info.mime_type).toMatch(/^application\/x-(pie-executable|sharedlib)$/);
    expect(info).toMatchObject({ is_binary: true, is_archive: false, is_media: false, is_source: false });
  });

  it('recognises zip and gzip as archives', async () => {
    expect(await getFileInfo(fixture('sample.zip'))).toMatchObject({
      mime_type: 'application/zip', is_archive: true, is_binary: true, base_name: 'sample', extension: '.zip',
    });
    const gz = await getFileInfo(fixture('hello.txt.gz'));
    expect(gz.file_type).toMatch(/^gzip compressed data/);
    expect(gz).toMatchObject({ mime_type: 'application/gzip', is_archive: true, base_name: 'hello.txt', extension: '.gz' });
  });

  it('reports an empty file as libmagic does for a path', async () => {
    const path = join(tmp, 'empty.py');
    writeFileSync(path, '');
    expect(await getFileInfo(path)).toMatchObject({
      size: 0, file_type: 'empty', mime_type: 'inode/x-empty', is_text: true,
      // commoncode hashes nothing for empty content (toolkit JSON: null checksums).
      md5: '', sha1: '', sha256: '', sha1_git: '',
      programming_language: 'Python',
    });
  });

  it('gives directories and symlinks names only', async () => {
    const dir = join(tmp, 'pkg.d');
    mkdirSync(dir);
    symlinkSync(fixture('abc.txt'), join(tmp, 'link.txt'));
    expect(await getFileInfo(dir)).toMatchObject({ type: 'directory', name: 'pkg.d', base_name: 'pkg.d', extension: '', size: 0, sha1: '', mime_type: '' });
    expect(await getFileInfo(join(tmp, 'link.txt'))).toMatchObject({ type: 'symlink', name: 'link.txt', size: 0, md5: '', is_text: false });
  });

  it('does not count documentation or JSON as source', async () => {
    const path = join(tmp, 'package.json');
    writeFileSync(path, '{"name": "x"}\n');
    expect(await getFileInfo(path)).toMatchObject({ mime_type: 'application/json', is_source: false, programming_language: '' });
  });
});
