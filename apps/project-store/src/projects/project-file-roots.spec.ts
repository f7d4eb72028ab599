import type { ObjectStorage } from '@sca/storage';
import { FILE_ROOTS_MAX_AGE_MS, fileRootsFingerprint, ProjectFileRoots } from './project-file-roots';

const UUID = '5f3c2d9e-8a41-4b7c-9d2e-1a2b3c4d5e6f';

function fakeStorage(files: Record<string, string[]>) {
  const calls: string[] = [];
  let failing = false;
  const storage = {
    async listNames(prefix: string) {
      calls.push(prefix);
      if (failing) throw new Error('storage down');
      return files[prefix] ?? [];
    },
  } as unknown as ObjectStorage;
  return { storage, calls, fail: (on: boolean) => (failing = on) };
}

describe('ProjectFileRoots', () => {
  const files = { [`projects/${UUID}/input/`]: ['scan.json'], [`projects/${UUID}/output/`]: ['results.json'] };

  it('lists both directories, and shares the listing while the fingerprint holds and it is recent', async () => {
    const s = fakeStorage(files);
    const roots = new ProjectFileRoots(s.storage);
    const t0 = 1_000_000;
    await expect(roots.rootsFor(UUID, 'a', t0)).resolves.toEqual({ input_root: ['scan.json'], output_root: ['results.json'] });
    await roots.rootsFor(UUID, 'a', t0 + FILE_ROOTS_MAX_AGE_MS / 2 - 1);
    expect(s.calls).toHaveLength(2);
    await roots.rootsFor(UUID, 'b', t0 + 1);
    expect(s.calls).toHaveLength(4);
    await roots.rootsFor(UUID, 'b', t0 + 1 + FILE_ROOTS_MAX_AGE_MS);
    expect(s.calls).toHaveLength(6);
    roots.forget(UUID);
    await roots.rootsFor(UUID, 'b', t0 + 2 + FILE_ROOTS_MAX_AGE_MS);
    expect(s.calls).toHaveLength(8);
  });

  it('shares a listing in flight, and does not keep a failed one', async () => {
    const s = fakeStorage(files);
    const roots = new ProjectFileRoots(s.storage);
    await Promise.all([roots.rootsFor(UUID, 'a', 1), roots.rootsFor(UUID, 'a', 2)]);
    expect(s.calls).toHaveLength(2);
    roots.forget(UUID);
    s.fail(true);
    await expect(roots.rootsFor(UUID, 'a', 3)).rejects.toThrow('storage down');
    s.fail(false);
    await expect(roots.rootsFor(UUID, 'a', 4)).resolves.toEqual({ input_root: ['scan.json'], output_root: ['results.json'] });
  });

  it('fingerprints what the database sees change with the files', () => {
    const run = { uuid: 'r', task_start_date: null, task_end_date: null, task_exitcode: null } as never;
    const base = { is_archived: false, input_sources: [{ uuid: 'i', filename: '', stored: false }] as never, runs: [run] };
    const fp = fileRootsFingerprint(base);
    expect(fileRootsFingerprint({ ...base, is_archived: true })).not.toBe(fp);
    expect(fileRootsFingerprint({ ...base, input_sources: [{ uuid: 'i', filename: 'a.zip', stored: true }] as never })).not.toBe(fp);
    expect(fileRootsFingerprint({ ...base, runs: [{ ...(run as object), task_end_date: '2024-01-01T00:00:00.000000Z' }] as never })).not.toBe(fp);
  });
});

describe('ProjectFileRoots refresh', () => {
  it('answers with the current listing past half its age and replaces it in the background', async () => {
    const files: Record<string, string[]> = { [`projects/${UUID}/input/`]: ['a'] };
    const s = fakeStorage(files);
    const roots = new ProjectFileRoots(s.storage);
    await roots.rootsFor(UUID, 'a', 0);
    files[`projects/${UUID}/input/`] = ['a', 'b'];
    await expect(roots.rootsFor(UUID, 'a', FILE_ROOTS_MAX_AGE_MS / 2)).resolves.toEqual({ input_root: ['a'], output_root: [] });
    await expect(roots.rootsFor(UUID, 'a', FILE_ROOTS_MAX_AGE_MS / 2 + 1)).resolves.toEqual({ input_root: ['a'], output_root: [] });
    expect(s.calls).toHaveLength(4);
    await new Promise((r) => setImmediate(r));
    await expect(roots.rootsFor(UUID, 'a', FILE_ROOTS_MAX_AGE_MS / 2 + 2)).resolves.toEqual({ input_root: ['a', 'b'], output_root: [] });
    expect(s.calls).toHaveLength(4);
  });
});
