/**
 * restoreCodebase against what a run really stored: scan_codebase in process keeps its codebase/
 * as a pack (as the runner does), and the files come back byte for byte from the real
 * repository's rows and the local S3.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRunRepositories } from '@sca/persistence';
import { storageKeys } from '@sca/storage';
import { usePipelineHarness, writeZip, zipBuffer } from '@sca/testing';
import { restoreCodebase } from './restore-codebase';
import { storedCodebaseFiles } from './stored-codebase';

const harness = usePipelineHarness();
let work: string;
let projectUuid: string;
let expected: Record<string, Buffer>;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'restore-codebase-int-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function filesUnder(dir: string, out: Record<string, Buffer> = {}, root = dir): Record<string, Buffer> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) filesUnder(abs, out, root);
    else if (e.isFile()) out[relative(root, abs)] = readFileSync(abs);
  }
  return out;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * A one-layer `docker save` archive made with GNU tar (which stores the second name of a file as
 * a hard-link entry): usr/big.bin, usr/a.txt, usr/hard-a.txt (a hard link to a.txt), usr/z.txt.
 */
function dockerSaveWithHardLink(dir: string, big: Buffer): string {
  const root = join(dir, 'root');
  mkdirSync(join(root, 'usr'), { recursive: true });
  writeFileSync(join(root, 'usr', 'big.bin'), big);
  writeFileSync(join(root, 'usr', 'a.txt'), 'first\n');
  linkSync(join(root, 'usr', 'a.txt'), join(root, 'usr', 'hard-a.txt'));
  writeFileSync(join(root, 'usr', 'z.txt'), 'last\n');
  const saved = join(dir, 'saved');
  mkdirSync(join(saved, 'layer'), { recursive: true });
  const layerPath = join(saved, 'layer', 'layer.tar');
  execFileSync('tar', ['-cf', layerPath, '--format=gnu', '-C', root, 'usr/big.bin', 'usr/a.txt', 'usr/hard-a.txt', 'usr/z.txt']);
  const layerDigest = sha256(readFileSync(layerPath));
  const config = Buffer.from(JSON.stringify({ architecture: 'amd64', os: 'linux', rootfs: { type: 'layers', diff_ids: [`sha256:${layerDigest}`] }, history: [{ created_by: 'test layer' }] }));
  const configName = `${sha256(config)}.json`;
  writeFileSync(join(saved, configName), config);
  writeFileSync(join(saved, 'manifest.json'), JSON.stringify([{ Config: configName, RepoTags: ['t:1'], Layers: ['layer/layer.tar'] }]));
  const out = join(dir, 'image.tar');
  execFileSync('tar', ['-cf', out, '-C', saved, 'manifest.json', configName, 'layer/layer.tar']);
  return out;
}

describe('restoreCodebase', () => {
  it('gives back every stored file, byte for byte, empty files next to others at the same offset included', async () => {
    const tree = join(work, 'tree', 't');
    // The pack is written in walk order (a/x.txt, a/z-empty, a-b.txt): the empty file shares its
    // offset with a-b.txt, which sorts before it by path ('-' < '/').
    const files: Record<string, Buffer> = {
      'a/x.txt': Buffer.from('x'.repeat(1000)),
      'a/z-empty': Buffer.alloc(0),
      'a-b.txt': Buffer.from('after the empty file\n'),
      'big.bin': Buffer.alloc(3 * 1024 * 1024 + 17, 0x5a),
      'sp ace/ünïcode.txt': Buffer.from('names as they come\n'),
      'zz/empty-last': Buffer.alloc(0),
    };
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(join(tree, path, '..'), { recursive: true });
      writeFileSync(join(tree, path), data);
    }
    const tarball = join(work, 't.tar.gz');
    execFileSync('tar', ['-czf', tarball, '-C', join(work, 'tree'), 't']);

    const run = await harness().run({ pipeline: 'scan_codebase', inputs: [tarball], keepCodebase: true });
    expect(run.status).toBe('success');
    projectUuid = run.projectUuid;
    const target = join(work, 'restored');
    const restored = await restoreCodebase(createRunRepositories(harness().db, run.projectUuid, null).resources, harness().storage, target);

    expected = { 't.tar.gz': readFileSync(tarball) };
    for (const [path, data] of Object.entries(files)) expected[`t.tar.gz-extract/t/${path}`] = data;
    expect(filesUnder(target)).toEqual(expected);
    expect(restored.notStored).toEqual([]);
    expect(restored.files.map((f) => f.path).sort()).toEqual(Object.keys(expected).sort());
    for (const f of restored.files) expect(statSync(f.absPath).size).toBe(f.size);
    expect(restored.bytes).toBe(Object.values(expected).reduce((n, b) => n + b.length, 0));
  });

  it('hands out the bytes of the files read, whichever are skipped unread', async () => {
    expect(projectUuid).toBeDefined();
    const read: Record<string, Buffer> = {};
    let index = 0;
    for await (const file of storedCodebaseFiles(createRunRepositories(harness().db, projectUuid, null).resources, harness().storage)) {
      expect(file.kind).toBe('stored');
      if (file.kind !== 'stored' || index++ % 2 === 1) continue;
      const parts: Buffer[] = [];
      await file.read((bytes) => void parts.push(Buffer.from(bytes)));
      read[file.path] = Buffer.concat(parts);
      expect(read[file.path].length).toBe(file.size);
    }
    expect(index).toBe(Object.keys(expected).length);
    expect(Object.keys(read).length).toBe(Math.ceil(index / 2));
    for (const [path, data] of Object.entries(read)) expect(data.equals(expected[path])).toBe(true);
  });

  it('a zip read in place: the zip and its members point into one copy of the input (members deflated), nested archives are packed, and all come back byte for byte', async () => {
    const members: Record<string, Buffer> = {
      'text/readme.txt': Buffer.from('compress me well\n'.repeat(400)),
      'text/empty.txt': Buffer.alloc(0),
      'bin/random.bin': Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 2654435761) >>> 24)),
    };
    const input = join(work, 'members.zip');
    const nested = await zipBuffer({ 'inside.txt': 'nested member\n' });
    await writeZip(input, { ...Object.fromEntries(Object.entries(members).map(([path, data]) => [`z/${path}`, data])), 'z/nested.zip': nested });
    const run = await harness().run({ pipeline: 'inspect_packages', inputs: [input], keepCodebase: true });
    expect(run.status).toBe('success');

    const resources = createRunRepositories(harness().db, run.projectUuid, null).resources;
    const packs = new Map<string, { key: string; deflated: number | null }>();
    for await (const row of resources.storedFiles()) if (row.pack) packs.set(row.path, row.pack);
    const inputCopy = (key: string) => key.startsWith(storageKeys.codebasePackPrefix(run.projectUuid)) && key.endsWith('.input.members.zip');
    expect(inputCopy(packs.get('members.zip')!.key)).toBe(true);
    expect(packs.get('members.zip')!.deflated).toBeNull();
    const readme = packs.get('members.zip-extract/z/text/readme.txt')!;
    expect(inputCopy(readme.key)).toBe(true);
    expect(readme.deflated).toBeLessThan(members['text/readme.txt'].length);
    // A member of a nested zip is inflated from the run's scratch copy: it goes into the pack.
    expect(inputCopy(packs.get('members.zip-extract/z/nested.zip-extract/inside.txt')!.key)).toBe(false);

    const target = join(work, 'restored-zip');
    const restored = await restoreCodebase(resources, harness().storage, target);
    const back = filesUnder(target);
    expect(back['members.zip'].equals(readFileSync(input))).toBe(true);
    for (const [path, data] of Object.entries(members)) expect(back[`members.zip-extract/z/${path}`]?.equals(data)).toBe(true);
    expect(back['members.zip-extract/z/nested.zip-extract/inside.txt']?.toString()).toBe('nested member\n');
    expect(restored.notStored).toEqual([]);
  });

  it('an image read in place: its layer files point into a copy of the input, hard links and all, and come back byte for byte', async () => {
    // Over 1 MiB, the layer stays in the uncompressed docker save and is read where it is.
    const big = Buffer.alloc(1536 * 1024, 0x41);
    const input = dockerSaveWithHardLink(join(work, 'image'), big);
    const run = await harness().run({ pipeline: 'analyze_docker_image', inputs: [input], keepCodebase: true });
    expect(run.status).toBe('success');

    const resources = createRunRepositories(harness().db, run.projectUuid, null).resources;
    const packs = new Map<string, string>();
    for await (const row of resources.storedFiles()) if (row.pack) packs.set(row.path, row.pack.key);
    const layerFiles = [...packs].filter(([path]) => /\/usr\/[^/]+$/.test(path));
    expect(layerFiles.map(([path]) => path.replace(/^.*\/usr\//, '')).sort()).toEqual(['a.txt', 'big.bin', 'hard-a.txt', 'z.txt']);
    const prefix = storageKeys.codebasePackPrefix(run.projectUuid);
    for (const [, key] of layerFiles) expect(key.startsWith(prefix) && key.endsWith('.input.image.tar')).toBe(true);

    const target = join(work, 'restored-image');
    const restored = await restoreCodebase(resources, harness().storage, target);
    const back = filesUnder(target);
    const byName = (name: string) => Object.entries(back).find(([path]) => path.endsWith(`/usr/${name}`))?.[1];
    expect(byName('big.bin')?.equals(big)).toBe(true);
    expect(byName('a.txt')?.toString()).toBe('first\n');
    expect(byName('hard-a.txt')?.toString()).toBe('first\n');
    expect(byName('z.txt')?.toString()).toBe('last\n');
    expect(restored.notStored).toEqual([]);
  });
});
