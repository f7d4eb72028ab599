import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { npmRegistryTree, tarballOf } from './support/registry-tree';
import { canonicalJson, packageSet, resourceDifferences } from './support/scan-agreement';
import { useTestStack } from './support/test-stack';

/**
 * scan_codebase through the API against codescan on the same tree, and two runs of the same
 * input against each other. The tree (about 7,700 files, 1,260 package.json) is larger than
 * every batch the scan steps use (resource inserts of 5,000, result updates of 1,000, cursor
 * reads of 2,000): a result lost between batches shows here as a file without its status.
 */
const PACKAGES = [
  'date-fns@2.30.0', 'express@4.21.2', 'moment@2.30.1', 'jquery@3.7.1', 'handlebars@4.7.8',
  'js-yaml@4.1.0', 'semver@7.6.3', 'bluebird@3.7.2', 'marked@12.0.2',
];
const NAME = 'scan-agreement';
const RUN_TIMEOUT = 900_000;

const s = useTestStack({ SCAN_PROCESSES: '2' });

type Json = Record<string, any>;

/**
 * One run's records, one line each, without what is random by design: row uuids, the `uuid=`
 * qualifier of package and dependency uids, and the list order of packages and dependencies
 * (ScanCode.io orders them by uuid and uid, as the service does).
 */
function comparable(records: Json[]): string[] {
  return records.map(({ uuid: _uuid, ...r }) => canonicalJson(r).replace(/uuid=[0-9a-f-]{36}/g, 'uuid=*')).sort();
}

/** How many lines differ and the first few of them (a whole-list diff of 7,000 records is unreadable). */
function differing(a: string[], b: string[]): { count: number; first: string[] } {
  const diffs: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) diffs.push(`#${i}: ${(a[i] ?? '(none)').slice(0, 400)} <> ${(b[i] ?? '(none)').slice(0, 400)}`);
  return { count: diffs.length, first: diffs.slice(0, 10) };
}

/** A list of differences as its size and first lines. */
function summary(diffs: string[]): { count: number; first: string[] } {
  return { count: diffs.length, first: diffs.slice(0, 30) };
}

describe('scan_codebase on a real npm tree larger than every batch', () => {
  let tarball: string;
  let cli: { files: Json[]; packages: Json[] };
  const runs: { uuid: string; run: Json; resources: Json[]; packages: Json[]; dependencies: Json[] }[] = [];

  beforeAll(async () => {
    tarball = tarballOf(npmRegistryTree(NAME, PACKAGES), NAME);
    const out = join(mkdtempSync(join(tmpdir(), 'codescan-agreement-')), 'scan.json');
    // Asynchronous: this process serves the stack's S3 endpoint meanwhile.
    await promisify(execFile)(process.execPath, [join(__dirname, '..', 'bin', 'codescan.js'), tarball, '--json', out, '-p', '-i', '-l', '--license-text', '-c', '-e', '-u', '-q', '-n', '2']);
    cli = JSON.parse(readFileSync(out, 'utf8'));
    for (let i = 0; i < 2; i++) {
      const { project, run } = await s.api.runUpload({ name: `${NAME}-${i}-${Date.now()}`, pipeline: 'scan_codebase', file: tarball }, RUN_TIMEOUT);
      const get = async (what: string) => (await s.api.get(`/api/projects/${project.uuid}/${what}/`)).body as Json[];
      runs.push({ uuid: project.uuid, run, resources: await get('resources'), packages: await get('packages'), dependencies: await get('dependencies') });
    }
  }, 2 * RUN_TIMEOUT);

  it('ends both runs in success with every resource given a status', () => {
    for (const { run, resources } of runs) {
      expect(run.status).toBe('success');
      expect(resources.length).toBeGreaterThan(7000);
      expect(summary(resources.filter((r) => r.status === '').map((r) => r.path))).toEqual({ count: 0, first: [] });
    }
  });

  it('stores, file by file, what codescan finds in the same tree', () => {
    const files = cli.files.filter((f) => f.type === 'file');
    expect(files.length).toBeGreaterThan(7000);
    expect(files.filter((f) => (f.package_data ?? []).length > 0).length).toBeGreaterThan(1000);
    expect(summary(resourceDifferences(cli.files, runs[0].resources))).toEqual({ count: 0, first: [] });
  });

  it('assembles the packages codescan assembles', () => {
    expect(cli.packages.length).toBeGreaterThan(50);
    expect(packageSet(runs[0].packages)).toEqual(packageSet(cli.packages));
  });

  it('logs as many scanned resources as it stored', () => {
    const stored = runs[0].resources.filter((r) => ['scanned', 'scanned-with-error', 'ignored-by-max-file-size'].includes(r.status)).length;
    expect(String(runs[0].run.log)).toContain(`${stored} resource(s) scanned`);
  });

  it('gives the same records when the same input is scanned twice', () => {
    const [a, b] = runs;
    for (const kind of ['resources', 'packages', 'dependencies'] as const) {
      expect({ kind, ...differing(comparable(a[kind]), comparable(b[kind])) }).toEqual({ kind, count: 0, first: [] });
    }
  });
});
