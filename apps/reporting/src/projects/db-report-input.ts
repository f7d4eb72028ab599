import { DataSource } from 'typeorm';
import type { DependencyRecord, MessageRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';
import type { ReportInput, ReportProject } from '@sca/formats';
import { DEPENDENCIES, MESSAGES, PACKAGES, PROJECT_COLUMN, RecordList, RELATIONS, RESOURCES, streamQuery } from '@sca/persistence';

/** ScanCode.io reads the output querysets in chunks of 2000 rows. */
const CURSOR_BATCH = 2000;

/** The orders of ScanCode.io's output querysets (reference §7.3). */
const ORDERS = {
  packages: 'p.type, p.namespace, p.name, p.version, p.id',
  dependencies: 'd.type, d.namespace, d.name, d.version, d.datasource_id, d.id',
  resources: 'r.path',
};

/** Streams one record list of a project, serialized, from a server-side cursor. */
async function* records<T>(db: DataSource, list: RecordList, projectUuid: string, opts: { orderBy?: string; where?: string } = {}): AsyncGenerator<T> {
  const where = [`${PROJECT_COLUMN[list.name]} = $1`, ...(opts.where ? [opts.where] : [])].join(' AND ');
  const sql = `SELECT ${list.select} FROM ${list.from} WHERE ${where} ORDER BY ${opts.orderBy ?? list.orderBy}`;
  for await (const row of streamQuery(db, sql, [projectUuid], CURSOR_BATCH)) yield list.serialize(row) as T;
}

/** A project's records as the output writers read them, each kind streamed on demand. */
export function dbReportInput(db: DataSource, project: ReportProject, toolVersion: string): ReportInput {
  const uuid = project.uuid;
  return {
    project,
    toolVersion,
    packages: () => records<PackageRecord>(db, PACKAGES, uuid, { orderBy: ORDERS.packages }),
    dependencies: () => records<DependencyRecord>(db, DEPENDENCIES, uuid, { orderBy: ORDERS.dependencies }),
    // ScanCode.io leaves symlinks out of every output.
    resources: () => records<ResourceRecord>(db, RESOURCES, uuid, { orderBy: ORDERS.resources, where: "r.type <> 'symlink'" }),
    relations: () => records<RelationRecord>(db, RELATIONS, uuid),
    messages: () => records<MessageRecord>(db, MESSAGES, uuid),
  };
}
