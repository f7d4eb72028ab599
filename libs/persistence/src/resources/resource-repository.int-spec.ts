import { RESOURCE_STATUS, type ResourceRecord } from '@sca/contracts';
import { RecordScope } from '../records/record-scope';
import { useMigratedDatabase } from '../records/record-scope.testing';
import { ResourceRepository, type ResourceInput } from './resource-repository';

const database = useMigratedDatabase();

function resource(path: string, type: ResourceRecord['type'], size: number | null, status: string = RESOURCE_STATUS.none): ResourceInput {
  return {
    path, type, size, status, name: path.split('/').pop() ?? path, for_packages: [], tag: '', extension: '', mime_type: '', file_type: '',
    programming_language: '', detected_license_expression: '', detected_license_expression_spdx: '', license_detections: [], license_clues: [],
    percentage_of_license_text: null, compliance_alert: '', copyrights: [], holders: [], authors: [], package_data: [], emails: [], urls: [],
    md5: '', sha1: '', sha256: '', sha512: '', sha1_git: '', is_binary: false, is_text: false, is_archive: false, is_media: false, is_legal: false,
    is_manifest: false, is_readme: false, is_top_level: false, is_key_file: false, extra_data: {},
  };
}

async function statuses(project: string): Promise<Record<string, string>> {
  const rows: { path: string; status: string }[] = await database.db.query('SELECT path, status FROM codebase_resources WHERE project_uuid = $1', [project]);
  return Object.fromEntries(rows.map((r) => [r.path, r.status]));
}

describe('ResourceRepository', () => {
  let project: string;
  let resources: ResourceRepository;
  beforeEach(async () => {
    project = await database.newProject();
    resources = new ResourceRepository(new RecordScope(database.db, project));
    await resources.insert([
      resource('b', 'directory', null),
      resource('b/empty.txt', 'file', 0),
      resource('b/unknown-size.txt', 'file', null, RESOURCE_STATUS.notAnalyzed),
      resource('a.txt', 'file', 10),
      resource('link', 'symlink', null, RESOURCE_STATUS.symlink),
      resource('c/empty-but-flagged', 'file', 0, RESOURCE_STATUS.ignoredPattern),
    ]);
  });

  it('selects the resources without a status whose path is like one of the patterns, in path order', async () => {
    await resources.insert([resource('b/100%.txt', 'file', 1), resource('b/100x.txt', 'file', 1)]);
    const paths = async (patterns: string[]) => {
      const out: string[] = [];
      for await (const r of resources.withoutStatusLike(patterns)) out.push(r.path);
      return out;
    };
    expect(await paths(['%.txt'])).toEqual(['a.txt', 'b/100%.txt', 'b/100x.txt', 'b/empty.txt']);
    expect(await paths(['b/100\\%%', 'c/%', 'link'])).toEqual(['b/100%.txt']);
    expect(await paths([])).toEqual([]);
  });

  it('loads a first collection with COPY into the same rows as the JSON insert, awkward text included', async () => {
    const awkward = (path: string): ResourceInput => ({
      ...resource(path, 'file', 12),
      file_type: 'tab\there, newline\nthere, back\\slash, CR\r, \\N, quote " and \'',
      size: null, is_text: true, percentage_of_license_text: 12.5,
      copyrights: [{ copyright: 'Copyright (c) a\tb\\c\nd', start_line: 1, end_line: 2 }],
      extra_data: { note: 'ünïcode 名前 \\N', n: 1, nested: { empty: '' } },
    });
    const rows = [awkward('x/ta\tb'), awkward('x/new\nline'), awkward('x/back\\slash'), resource('x', 'directory', null)];
    const copied = await database.newProject();
    const viaCopy = new ResourceRepository(new RecordScope(database.db, copied));
    expect(await viaCopy.insert(rows, { fresh: true })).toBe(4);
    const other = await database.newProject();
    await new ResourceRepository(new RecordScope(database.db, other)).insert(rows);
    const read = (project: string) => database.db.query(
      `SELECT path, parent_path, type, size, file_type, is_text, percentage_of_license_text, copyrights, extra_data, sha1
       FROM codebase_resources WHERE project_uuid = $1 ORDER BY path`, [project]);
    const copiedRows = await read(copied);
    expect(copiedRows).toEqual(await read(other));
    expect(copiedRows.find((r: { path: string }) => r.path === 'x/ta\tb')).toMatchObject({ file_type: rows[0].file_type, size: null, extra_data: rows[0].extra_data });
    // A path already there fails the COPY whole: it is for first collections only.
    await expect(viaCopy.insert([resource('x', 'directory', null)], { fresh: true })).rejects.toThrow(/duplicate key/);
    expect(await viaCopy.count()).toBe(4);
  });

  it('answers how many rows were new, with or without package links to make', async () => {
    // Collected again: the rows already there are kept and not counted.
    expect(await resources.insert([resource('a.txt', 'file', 10), resource('d.txt', 'file', 1)])).toBe(1);
    await database.db.query(`INSERT INTO discovered_packages (uuid, project_uuid, package_uid, purl, type, name) VALUES (gen_random_uuid(), $1, 'pkg:npm/x@1?uuid=1', 'pkg:npm/x@1', 'npm', 'x')`, [project]);
    const linked = { ...resource('e/package.json', 'file', 2), for_packages: ['pkg:npm/x@1?uuid=1'] };
    expect(await resources.insert([resource('d.txt', 'file', 1), linked])).toBe(1);
    const links: { path: string }[] = await database.db.query(
      `SELECT r.path FROM resource_packages l JOIN codebase_resources r ON r.id = l.resource_id WHERE r.project_uuid = $1`, [project]);
    expect(links.map((l) => l.path)).toEqual(['e/package.json']);
    expect(await resources.count()).toBe(8);
  });

  it('streams the resources without a status in path order, files only when asked, and counts them', async () => {
    const paths = async (filesOnly: boolean) => {
      const out: string[] = [];
      for await (const r of resources.withoutStatus({ filesOnly })) out.push(`${r.path}:${r.type}:${r.size}`);
      return out;
    };
    expect(await paths(false)).toEqual(['a.txt:file:10', 'b:directory:null', 'b/empty.txt:file:0']);
    expect(await paths(true)).toEqual(['a.txt:file:10', 'b/empty.txt:file:0']);
    expect(await resources.countWithoutStatus()).toBe(3);
    expect(await resources.countWithoutStatus({ filesOnly: true })).toBe(2);
    expect(await resources.count()).toBe(6);
    expect(await resources.sampleWithoutStatus(2)).toEqual({ total: 3, paths: ['a.txt', 'b'] });
  });

  it('flags empty files whose status is one of those given, and the rest without a status', async () => {
    expect(await resources.setStatusOfEmptyFiles(RESOURCE_STATUS.ignoredEmptyFile, [RESOURCE_STATUS.none, RESOURCE_STATUS.notAnalyzed])).toBe(2);
    expect(await resources.setStatusOfRemaining(RESOURCE_STATUS.notAnalyzed)).toBe(2);
    expect(await statuses(project)).toEqual({
      'a.txt': 'not-analyzed', b: 'not-analyzed', 'b/empty.txt': 'ignored-empty-file', 'b/unknown-size.txt': 'ignored-empty-file',
      link: 'symlink', 'c/empty-but-flagged': 'ignored-pattern',
    });
    expect(await resources.sampleWithoutStatus(5)).toEqual({ total: 0, paths: [] });
  });

  it('sets statuses by path and lists the files that have one', async () => {
    expect(await resources.setStatus(['a.txt', 'b', 'missing'], RESOURCE_STATUS.applicationPackage)).toBe(2);
    expect(await resources.setStatus([], RESOURCE_STATUS.scanned)).toBe(0);
    expect(await resources.pathsWithStatus(RESOURCE_STATUS.applicationPackage)).toEqual(['a.txt', 'b']);
    expect(await resources.pathsWithStatus(RESOURCE_STATUS.applicationPackage, { filesOnly: true })).toEqual(['a.txt']);
  });
});
