/**
 * The clamd client and the file scan against a real clamd (Debian's clamav-daemon, from
 * scripts/test-tools.sh) on a free port, with the test signatures of libs/testing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EICAR, freePort, startTestClamd, TEST_MARKER, TEST_SIGNATURES, writeZip, type TestClamd } from '@sca/testing';
import { ClamdClient } from './clamd-client';
import { ClamdUnavailableError } from './clamd-errors';
import { clamdVersionWithRetries, scanFilesForViruses, VirusScanFile, VirusScanOptions, VirusVerdict } from './virus-scan';

/** Larger than the client's 64 KiB chunks: files near the limit go in several chunks. */
const STREAM_MAX = 512 * 1024;
let clamd: TestClamd;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'virus-scan-int-'));
  clamd = await startTestClamd({ streamMaxLength: STREAM_MAX, logClean: true });
}, 90_000);
afterAll(async () => {
  await clamd?.stop();
  rmSync(work, { recursive: true, force: true });
});

function file(dir: string, path: string, content: Buffer | string): VirusScanFile {
  const absPath = join(dir, path);
  mkdirSync(join(absPath, '..'), { recursive: true });
  writeFileSync(absPath, content);
  return { path, absPath, size: Buffer.byteLength(content) };
}

/** EICAR in a plain file, in a zip inside a tarball, the marker inside text, clean and empty files, one file over the limit. */
async function sampleTree(): Promise<VirusScanFile[]> {
  const dir = mkdtempSync(join(work, 'tree-'));
  const nested = join(dir, 'build');
  mkdirSync(nested, { recursive: true });
  await writeZip(join(nested, 'inner.zip'), { 'sub/eicar.com': EICAR });
  execFileSync('tar', ['-czf', join(dir, 'outer.tar.gz'), '-C', nested, 'inner.zip']);
  rmSync(nested, { recursive: true });
  const outer = { path: 'outer.tar.gz', absPath: join(dir, 'outer.tar.gz'), size: statSync(join(dir, 'outer.tar.gz')).size };
  return [
    file(dir, 'eicar.com', EICAR),
    outer,
    file(dir, 'docs/notes.txt', `some notes\n${TEST_MARKER}\nmore notes\n`),
    file(dir, 'src/main.c', 'int main(void) { return 0; }\n'),
    file(dir, 'src/empty.txt', ''),
    file(dir, 'data/marker-at-end.bin', Buffer.concat([Buffer.alloc(300 * 1024, 1), Buffer.from(TEST_MARKER)])),
    file(dir, 'data/at-limit.bin', Buffer.alloc(STREAM_MAX, 7)),
    file(dir, 'data/over-limit.bin', Buffer.alloc(STREAM_MAX + 1, 7)),
  ];
}

function options(overrides: Partial<VirusScanOptions> & Pick<VirusScanOptions, 'onVerdict'>): VirusScanOptions {
  return { client: new ClamdClient(clamd.address, { timeoutMs: 10_000 }), sharedFilesystem: false, streamMaxLength: STREAM_MAX, connections: 3, retries: 2, retryDelayMs: 50, ...overrides };
}

async function verdicts(files: VirusScanFile[], overrides: Partial<VirusScanOptions> = {}): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  await scanFilesForViruses(files, options({ ...overrides, onVerdict: (v) => void (out[v.path] = strip(v)) }));
  return out;
}

function strip(v: VirusVerdict): unknown {
  const { path: _path, ...rest } = v;
  return rest;
}

const EXPECTED = {
  'eicar.com': { outcome: 'infected', signature: TEST_SIGNATURES.eicar },
  'outer.tar.gz': { outcome: 'infected', signature: TEST_SIGNATURES.eicar },
  'docs/notes.txt': { outcome: 'infected', signature: TEST_SIGNATURES.marker },
  'src/main.c': { outcome: 'clean' },
  'src/empty.txt': { outcome: 'clean' },
  'data/marker-at-end.bin': { outcome: 'infected', signature: TEST_SIGNATURES.marker },
  'data/at-limit.bin': { outcome: 'clean' },
  'data/over-limit.bin': { outcome: 'not-scanned', reason: `${STREAM_MAX + 1} bytes, more than clamd accepts (StreamMaxLength ${STREAM_MAX} bytes)` },
};

describe('clamd', () => {
  it('gives its engine version, and no official database version with only our signatures', async () => {
    const version = await clamdVersionWithRetries(new ClamdClient(clamd.address, { timeoutMs: 5_000 }), 0, 10);
    expect(version).toMatchObject({ engine: expect.stringMatching(/^\d+\.\d+/), databaseVersion: null, databaseDate: null });
    expect(version.text).toBe(`ClamAV ${version.engine}`);
  });
});

describe('scanFilesForViruses', () => {
  it('streams every file (INSTREAM) and finds EICAR plain and in a zip in a tarball, and the body signature', async () => {
    expect(await verdicts(await sampleTree())).toEqual(EXPECTED);
  });

  it('gives the same verdicts over clamd\'s Unix socket', async () => {
    const client = new ClamdClient(clamd.socket, { timeoutMs: 10_000 });
    expect(await verdicts(await sampleTree(), { client })).toEqual(EXPECTED);
    const socketPath = clamd.socket.path;
    await expect(clamdVersionWithRetries(new ClamdClient({ kind: 'unix', path: `${socketPath}.missing` }, { timeoutMs: 2_000 }), 0, 10)).rejects.toThrow(
      `clamd at unix:${socketPath}.missing is not answering to VERSION: connect ENOENT ${socketPath}.missing (1 attempt)`,
    );
  });

  it('gives the same verdicts when clamd reads the files itself (CONTSCAN)', async () => {
    expect(await verdicts(await sampleTree(), { sharedFilesystem: true })).toEqual(EXPECTED);
  });

  it('reports a file clamd refuses when the limit set is above clamd\'s, as an error about the file, and goes on', async () => {
    const files = (await sampleTree()).filter((f) => ['data/over-limit.bin', 'src/main.c'].includes(f.path));
    const out = await verdicts(files, { streamMaxLength: STREAM_MAX * 4, retries: 1 });
    expect(out['src/main.c']).toEqual({ outcome: 'clean' });
    expect(out['data/over-limit.bin']).toEqual({ outcome: 'error', reason: expect.stringMatching(/^clamd (could not scan the file: INSTREAM size limit exceeded\.|dropped the connection 2 times while scanning the file \(.+\))$/) });
  });

  it('reports a file that vanished as an error about the file', async () => {
    const out = await verdicts([{ path: 'gone.txt', absPath: join(work, 'no-such-file.txt'), size: 3 }], { retries: 0 });
    expect(out).toEqual({ 'gone.txt': { outcome: 'error', reason: expect.stringMatching(/^the file could not be read: ENOENT/) } });
  });

  it('fails, naming clamd, when nothing listens, and gives no verdict', async () => {
    const address = { kind: 'tcp' as const, host: '127.0.0.1', port: await freePort() };
    const seen: VirusVerdict[] = [];
    const run = scanFilesForViruses(await sampleTree(), options({ client: new ClamdClient(address, { timeoutMs: 2_000 }), retries: 2, onVerdict: (v) => void seen.push(v) }));
    await expect(run).rejects.toThrow(ClamdUnavailableError);
    await expect(run).rejects.toThrow(new RegExp(`^clamd at tcp://127\\.0\\.0\\.1:${address.port} is not answering while scanning .+: connect ECONNREFUSED .+ \\(3 attempts\\)$`));
    expect(seen.filter((v) => v.outcome !== 'not-scanned')).toEqual([]);
    await expect(clamdVersionWithRetries(new ClamdClient(address, { timeoutMs: 2_000 }), 1, 10)).rejects.toThrow(/is not answering to VERSION: connect ECONNREFUSED .+ \(2 attempts\)$/);
  });
});

describe('clamd going away during a scan', () => {
  const many = () => {
    const dir = mkdtempSync(join(work, 'many-'));
    return Array.from({ length: 400 }, (_, i) => file(dir, `f/${String(i).padStart(4, '0')}.txt`, `file ${i}\n`));
  };

  it('fails with clamd named once the retries are spent; every clean verdict is one clamd gave', async () => {
    const cleanLogged = () => clamd.log().filter((l) => /^instream\(.*\): OK$/.test(l)).length;
    const okBefore = cleanLogged();
    const seen: VirusVerdict[] = [];
    let killed: Promise<void> | null = null;
    const opts = options({
      retries: 2,
      onVerdict: (v) => {
        seen.push(v);
        if (seen.length === 50) killed = clamd.kill();
      },
    });
    const run = scanFilesForViruses(many(), opts);
    try {
      await expect(run).rejects.toThrow(new RegExp(`^clamd at tcp://127\\.0\\.0\\.1:${clamd.address.port} is not answering while scanning f/\\d+\\.txt: .+ \\(3 attempts\\)$`));
    } finally {
      await killed;
      await clamd.restart();
    }
    const logged = cleanLogged() - okBefore;
    expect(seen.length).toBeGreaterThanOrEqual(50);
    expect(seen.length).toBeLessThan(400);
    expect(seen.every((v) => v.outcome === 'clean')).toBe(true);
    // clamd answers a scan before it logs it: a scan in flight on one of the connections when
    // clamd was killed may have its answer and no log line (seen once: 51 verdicts, 50 lines).
    expect(seen.length).toBeLessThanOrEqual(logged + opts.connections);
  }, 60_000);

  it('goes on when clamd is back within the retries, with a verdict for every file', async () => {
    const seen = new Map<string, string>();
    let restarted: Promise<void> | null = null;
    await scanFilesForViruses(many(), options({
      retries: 6,
      retryDelayMs: 200,
      onVerdict: async (v) => {
        seen.set(v.path, v.outcome);
        if (seen.size === 50) restarted = clamd.kill().then(() => clamd.restart());
      },
    }));
    await restarted;
    expect(seen.size).toBe(400);
    expect([...seen.values()].every((o) => o === 'clean')).toBe(true);
  }, 60_000);
});

describe('a clamd that does not share the file system', () => {
  let isolated: TestClamd;
  beforeAll(async () => {
    isolated = await startTestClamd({ streamMaxLength: STREAM_MAX, hiddenDirs: [work] });
  }, 90_000);
  afterAll(() => isolated?.stop());

  it('cannot open the files (CONTSCAN gives an error for each), and INSTREAM gives every verdict all the same', async () => {
    const client = new ClamdClient(isolated.address, { timeoutMs: 10_000 });
    const tree = await sampleTree();
    const byPath = await verdicts(tree, { client, sharedFilesystem: true });
    for (const f of tree.filter((t) => t.size <= STREAM_MAX)) {
      expect(byPath[f.path]).toEqual({ outcome: 'error', reason: expect.stringMatching(/^clamd could not scan the file: .*No such file or directory/) });
    }
    expect(await verdicts(tree, { client })).toEqual(EXPECTED);
  });
});
