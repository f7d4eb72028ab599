import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashFile, readFileContent } from './content-hashes';

const fixtures = join(__dirname, '__fixtures__');

describe('readFileContent', () => {
  it('gives the same hashes, size and head as the streaming hashFile', async () => {
    for (const name of readdirSync(fixtures, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name)) {
      const path = join(fixtures, name);
      const streamed = await hashFile(path, 1024);
      const read = readFileContent(path, { contentLimit: 1 << 20, headBytes: 1024, hash: true })!;
      expect(read.hashes).toEqual(streamed.hashes);
      expect(read.size).toBe(streamed.size);
      expect(read.head.equals(streamed.head)).toBe(true);
      expect(read.content?.length).toBe(streamed.size);
    }
  });

  it('keeps no content over the limit, hashes large files in chunks, and skips hashing on request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rfc-'));
    try {
      const big = join(dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(9 * 1024 * 1024, 7));
      const read = readFileContent(big, { contentLimit: 1024, headBytes: 1024, hash: true })!;
      expect(read.content).toBeNull();
      expect(read.head.length).toBe(1024);
      expect(read.hashes).toEqual((await hashFile(big, 1024)).hashes);
      const bare = readFileContent(big, { contentLimit: 1024, headBytes: 16, hash: false })!;
      expect(bare.size).toBe(9 * 1024 * 1024);
      expect(bare.hashes.sha1).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns null for a FIFO without blocking and refuses to follow a symlink', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rfc-'));
    try {
      const fifo = join(dir, 'pipe');
      execFileSync('mkfifo', [fifo]);
      expect(readFileContent(fifo, { contentLimit: 1024, headBytes: 16, hash: true })).toBeNull();
      writeFileSync(join(dir, 'target'), 'x');
      symlinkSync(join(dir, 'target'), join(dir, 'link'));
      expect(() => readFileContent(join(dir, 'link'), { contentLimit: 1024, headBytes: 16, hash: true })).toThrow(/ELOOP/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
