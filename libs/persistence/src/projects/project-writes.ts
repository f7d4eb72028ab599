import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { OutboxEntry } from '@sca/messaging';
import { writeOutbox } from '../outbox/outbox-store';
import type { Queryable } from '../queryable';
import { insertRun, NewRun } from '../runs/run-control';
import { insertSubscription, NewSubscription } from '../webhooks/subscription-store';

/** The project row's own values; everything else takes the column default. */
export interface NewProjectRow {
  uuid: string;
  name: string;
  slug: string;
  notes: string;
  settings: Record<string, unknown>;
  labels: string[];
  label_slugs: string[];
  purl: string;
  extra_data: Record<string, unknown>;
}

/** An input: a file already uploaded to input/, or a URL a run will fetch. */
export type NewInputSource =
  | { kind: 'upload'; filename: string; tag: string; size: number }
  | { kind: 'url'; download_url: string; tag: string };

/** A project as created in one request: subscriptions, inputs and runs each listed in the order they are added. */
export interface NewProject {
  project: NewProjectRow;
  subscriptions: NewSubscription[];
  inputs: NewInputSource[];
  runs: NewRun[];
}

/**
 * Creates the project with its subscriptions, inputs and runs in one transaction; a taken name
 * fails with 23505. Returns the subscriptions' uuids, in their order.
 */
export async function createProject(db: DataSource, p: NewProject): Promise<string[]> {
  return db.transaction(async (tx) => {
    const r = p.project;
    await tx.query(
      `INSERT INTO projects (uuid, name, slug, notes, settings, labels, label_slugs, purl, extra_data)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[], $7::text[], $8, $9::jsonb)`,
      [r.uuid, r.name, r.slug, r.notes, JSON.stringify(r.settings), r.labels, r.label_slugs, r.purl, JSON.stringify(r.extra_data)],
    );
    const subscriptionUuids: string[] = [];
    for (const s of p.subscriptions) subscriptionUuids.push(await insertSubscription(tx, r.uuid, s));
    await insertInputSources(tx, r.uuid, p.inputs);
    for (const run of p.runs) await insertRun(tx, r.uuid, run);
    return subscriptionUuids;
  });
}

/**
 * Adds input sources in the caller's transaction, one statement each: `seq` orders them. The
 * upload is in storage already (`stored`); a URL is fetched, and marked stored, by its run.
 */
export async function insertInputSources(tx: Queryable, projectUuid: string, inputs: NewInputSource[]): Promise<void> {
  for (const input of inputs) {
    if (input.kind === 'upload') {
      await tx.query(
        'INSERT INTO input_sources (uuid, project_uuid, filename, is_uploaded, tag, size, stored) VALUES ($1, $2, $3, true, $4, $5, true)',
        [randomUUID(), projectUuid, input.filename, input.tag, String(input.size)],
      );
    } else {
      await tx.query('INSERT INTO input_sources (uuid, project_uuid, download_url, tag) VALUES ($1, $2, $3, $4)', [randomUUID(), projectUuid, input.download_url, input.tag]);
    }
  }
}

/** Adds inputs to an existing project, together. */
export async function addInputSources(db: DataSource, projectUuid: string, inputs: NewInputSource[]): Promise<void> {
  await db.transaction((tx) => insertInputSources(tx, projectUuid, inputs));
}

/** Adds one run to an existing project. */
export async function addRun(db: DataSource, projectUuid: string, run: NewRun): Promise<string> {
  return db.transaction((tx) => insertRun(tx, projectUuid, run));
}

/** Deletes the project (its rows cascade) and writes the event announcing it, in one transaction. */
export async function deleteProject(db: DataSource, uuid: string, deleted: OutboxEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM projects WHERE uuid = $1', [uuid]);
    await writeOutbox(tx, [deleted]);
  });
}

/** The input files were removed from storage: their sources no longer `exist`. */
export async function markInputsRemoved(db: Queryable, projectUuid: string): Promise<void> {
  await db.query('UPDATE input_sources SET stored = false WHERE project_uuid = $1', [projectUuid]);
}

export async function markArchived(db: Queryable, projectUuid: string): Promise<void> {
  await db.query('UPDATE projects SET is_archived = true WHERE uuid = $1', [projectUuid]);
}

/** What a reset keeps besides labels, notes and settings, and the runs it adds back. */
export interface ProjectReset {
  keepInputs: boolean;
  keepWebhooks: boolean;
  /** Added (not started) after the old runs are gone. */
  restoredRuns: NewRun[];
}

/** Tables of a project's records and runs, emptied by a reset, children before parents. */
const RESET_TABLES = [
  'codebase_pack_entries', 'webhook_deliveries', 'project_messages', 'codebase_relations', 'discovered_dependencies',
  'discovered_licenses', 'discovered_packages', 'codebase_resources', 'runs',
];

/** Deletes every record and run of the project (inputs and subscriptions unless kept), zeroes its counts, and adds the restored runs; one transaction. */
export async function resetProject(db: DataSource, projectUuid: string, reset: ProjectReset): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of RESET_TABLES) await tx.query(`DELETE FROM ${table} WHERE project_uuid = $1`, [projectUuid]);
    if (!reset.keepInputs) await tx.query('DELETE FROM input_sources WHERE project_uuid = $1', [projectUuid]);
    if (!reset.keepWebhooks) await tx.query('DELETE FROM webhook_subscriptions WHERE project_uuid = $1', [projectUuid]);
    await tx.query(
      `UPDATE projects SET extra_data = '{}', resource_count = 0, package_count = 0, dependency_count = 0, message_count = 0, relation_count = 0 WHERE uuid = $1`,
      [projectUuid],
    );
    for (const run of reset.restoredRuns) await insertRun(tx, projectUuid, run);
  });
}
