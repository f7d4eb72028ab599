import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@sca/testing';
import { applyMigrations, createDataSource } from '../data-source';
import { buildProjectFilter } from './project-filters';
import { findProject, readProjectDetail, readProjectPage, readProjectWithRuns } from './project-reads';
import { createProject, NewProject } from './project-writes';

let tdb: TestDatabase;
let db: DataSource;
const uuids: string[] = [];

function newProject(i: number): NewProject {
  const uuid = randomUUID();
  return {
    project: {
      uuid, name: `project ${i}`, slug: `project-${i}`, notes: '', settings: { n: i }, labels: ['b', 'a'], label_slugs: ['b', 'a'], purl: '', extra_data: {},
    },
    subscriptions: [],
    inputs: [{ kind: 'upload', filename: 'scan.json', tag: 't', size: 12 }, { kind: 'url', download_url: 'https://example.com/a.zip', tag: '' }],
    runs: [
      { pipeline_name: 'load_inventory', description: 'first', selected_groups: null },
      { pipeline_name: 'scan_codebase', description: 'second', selected_groups: ['G1'] },
    ],
  };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = createDataSource({ url: tdb.url, poolSize: 2 });
  await db.initialize();
  await applyMigrations(db);
  for (let i = 0; i < 5; i++) {
    const p = newProject(i);
    await createProject(db, p);
    uuids.unshift(p.project.uuid);
  }
  await db.query(`INSERT INTO codebase_resources (project_uuid, path, type, status) VALUES ($1, 'a', 'file', 'scanned'), ($1, 'b', 'file', 'scanned'), ($1, 'c', 'directory', '')`, [uuids[0]]);
});

afterAll(async () => {
  await db?.destroy();
  await tdb?.drop();
});

describe('readProjectPage', () => {
  const all = () => buildProjectFilter({});

  it('reads a page with the count, newest first, each project with its inputs and runs in order', async () => {
    const page = await readProjectPage(db, all(), 1, 2);
    expect(page.count).toBe(5);
    expect(page.projects.map((p) => p.uuid)).toEqual(uuids.slice(0, 2));
    const [p] = page.projects;
    expect(p).toMatchObject({ name: 'project 4', labels: ['b', 'a'], settings: { n: 4 }, resource_count: 0 });
    expect(p.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(p.input_sources.map((s) => [s.filename, s.download_url, s.is_uploaded, s.tag, s.stored])).toEqual([
      ['scan.json', '', true, 't', true],
      ['', 'https://example.com/a.zip', false, '', false],
    ]);
    expect(p.runs.map((r) => [r.pipeline_name, r.selected_groups, r.task_id, r.progress])).toEqual([['load_inventory', null, null, null], ['scan_codebase', ['G1'], null, null]]);
    expect(p.runs[0]).toEqual((await readProjectWithRuns(db, p.uuid))?.runs[0]);
  });

  it('reads the last page, and an empty page past the end with the count', async () => {
    expect((await readProjectPage(db, all(), 'last', 2)).projects.map((p) => p.uuid)).toEqual(uuids.slice(4));
    expect(await readProjectPage(db, all(), 4, 2)).toEqual({ count: 5, projects: [] });
  });

  it('applies the filter to the count and the page', async () => {
    const page = await readProjectPage(db, buildProjectFilter({ name: 'project 1' }), 1, 50);
    expect(page.count).toBe(1);
    expect(page.projects.map((p) => p.name)).toEqual(['project 1']);
    expect(await readProjectPage(db, buildProjectFilter({ name: 'none' }), 'last', 50)).toEqual({ count: 0, projects: [] });
  });
});

describe('readProjectDetail', () => {
  it('adds the grouped counts of the records', async () => {
    const d = await readProjectDetail(db, uuids[0]);
    expect(d?.codebase_resources_summary).toEqual({ '': 1, scanned: 2 });
    expect(d?.discovered_packages_summary).toEqual({ total: 0, with_missing_resources: 0, with_modified_resources: 0 });
    expect(d?.discovered_dependencies_summary).toEqual({ total: 0, is_runtime: 0, is_optional: 0, is_pinned: 0 });
    expect(d?.codebase_relations_summary).toEqual({});
    expect(d?.runs).toHaveLength(2);
  });

  it('answers null for an unknown project or a malformed uuid', async () => {
    expect(await readProjectDetail(db, randomUUID())).toBeNull();
    expect(await readProjectDetail(db, 'nope')).toBeNull();
    expect(await findProject(db, 'nope')).toBeNull();
  });
});
