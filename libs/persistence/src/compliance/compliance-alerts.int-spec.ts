import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { licenseComplianceAlert, licensePoliciesEnabled, loadPoliciesYaml, type Policies } from '@sca/scanner';
import { createTestDatabase, TestDatabase } from '@sca/testing';
import { applyMigrations, createDataSource } from '../data-source';
import { affectedRows } from '../rows-of';
import { refreshComplianceAlerts as refreshWithAlerts } from './compliance-alerts';

const POLICIES = loadPoliciesYaml(`
license_policies:
  - license_key: apache-2.0
    compliance_alert: ''
  - license_key: gpl-2.0
    compliance_alert: error
  - license_key: OFL-1.1
    compliance_alert: warning
`);

// Many records, few expressions: the refresh must cost the same whatever the record count.
const RESOURCES = 300;
const EXPRESSIONS = ['apache-2.0', 'gpl-2.0', 'public-domain', 'apache-2.0 AND ofl-1.1', ''];

/** The runner's use: the alerts of the policies in force, none without license policies. */
function refreshComplianceAlerts(db: DataSource, projectUuid: string, policies: Policies | null): Promise<void> {
  return refreshWithAlerts(db, projectUuid, licensePoliciesEnabled(policies) ? (e) => licenseComplianceAlert(e, policies) : null);
}

let tdb: TestDatabase;
let db: DataSource;
let project: string;
let other: string;

async function createProject(name: string): Promise<string> {
  const uuid = randomUUID();
  await db.query(`INSERT INTO projects (uuid, name, slug) VALUES ($1, $2, $2)`, [uuid, name]);
  await db.query(
    `INSERT INTO codebase_resources (project_uuid, path, type, detected_license_expression)
     SELECT $1, 'file-' || i, 'file', ($2::text[])[1 + i % $3] FROM generate_series(0, $4 - 1) AS i`,
    [uuid, EXPRESSIONS, EXPRESSIONS.length, RESOURCES],
  );
  await db.query(
    `INSERT INTO discovered_packages (uuid, project_uuid, name, declared_license_expression)
     SELECT gen_random_uuid(), $1, 'pkg-' || i, ($2::text[])[1 + i % $3] FROM generate_series(0, $3 - 1) AS i`,
    [uuid, EXPRESSIONS, EXPRESSIONS.length],
  );
  await db.query(
    `INSERT INTO discovered_licenses (project_uuid, identifier, license_expression)
     SELECT $1, 'id-' || i, ($2::text[])[1 + i % $3] FROM generate_series(0, $3 - 1) AS i`,
    [uuid, EXPRESSIONS, EXPRESSIONS.length],
  );
  return uuid;
}

async function alertsBy(table: string, column: string, projectUuid: string): Promise<Record<string, string[]>> {
  const rows: { expression: string; alerts: string[] }[] = await db.query(
    `SELECT ${column} AS expression, array_agg(DISTINCT compliance_alert) AS alerts FROM ${table} WHERE project_uuid = $1 GROUP BY 1`,
    [projectUuid],
  );
  return Object.fromEntries(rows.map((r) => [r.expression, r.alerts]));
}

/** Counts the statements of a refresh and the rows they change. */
async function refreshCounting(policies: typeof POLICIES | null): Promise<{ statements: number; changed: number }> {
  const query = db.query.bind(db);
  let statements = 0;
  let changed = 0;
  const spy = jest.spyOn(db, 'query').mockImplementation(async (sql: string, params?: unknown[]) => {
    statements++;
    const result: unknown = await query(sql, params);
    changed += affectedRows(result);
    return result;
  });
  try {
    await refreshComplianceAlerts(db, project, policies);
  } finally {
    spy.mockRestore();
  }
  return { statements, changed };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = createDataSource({ url: tdb.url });
  await db.initialize();
  await applyMigrations(db);
  project = await createProject('compliance');
  other = await createProject('untouched');
});

afterAll(async () => {
  await db?.destroy();
  await tdb?.drop();
});

const EXPECTED = { 'apache-2.0': ['ok'], 'gpl-2.0': ['error'], 'public-domain': ['missing'], 'apache-2.0 AND ofl-1.1': ['warning'], '': [''] };

describe('refreshComplianceAlerts (PostgreSQL)', () => {
  it('sets the alerts of resources, packages and license detections in two statements per table', async () => {
    const { statements, changed } = await refreshCounting(POLICIES);
    expect(statements).toBe(6);
    // Every record with an expression changed, from '' to its alert.
    expect(changed).toBe(RESOURCES * 4 / 5 + 4 + 4);
    expect(await alertsBy('codebase_resources', 'detected_license_expression', project)).toEqual(EXPECTED);
    expect(await alertsBy('discovered_packages', 'declared_license_expression', project)).toEqual(EXPECTED);
    expect(await alertsBy('discovered_licenses', 'license_expression', project)).toEqual(EXPECTED);
  });

  it('leaves other projects alone', async () => {
    expect(await alertsBy('codebase_resources', 'detected_license_expression', other)).toEqual(
      Object.fromEntries(EXPRESSIONS.map((e) => [e, ['']])),
    );
  });

  it('rewrites nothing when the alerts are already right', async () => {
    expect(await refreshCounting(POLICIES)).toEqual({ statements: 6, changed: 0 });
  });

  it('follows changed policies', async () => {
    await refreshComplianceAlerts(db, project, loadPoliciesYaml('license_policies:\n  - license_key: gpl-2.0\n    compliance_alert: warning\n'));
    expect(await alertsBy('discovered_packages', 'declared_license_expression', project)).toEqual({
      'apache-2.0': ['missing'], 'gpl-2.0': ['warning'], 'public-domain': ['missing'], 'apache-2.0 AND ofl-1.1': ['missing'], '': [''],
    });
  });

  it('clears every alert without policies, in one statement per table', async () => {
    const { statements } = await refreshCounting(null);
    expect(statements).toBe(3);
    for (const [table, column] of [['codebase_resources', 'detected_license_expression'], ['discovered_packages', 'declared_license_expression'], ['discovered_licenses', 'license_expression']]) {
      expect(await alertsBy(table, column, project)).toEqual(Object.fromEntries(EXPRESSIONS.map((e) => [e, ['']])));
    }
  });
});
