import { DataSource } from 'typeorm';
import { buildRecordFilter } from '../queries/record-filters';
import { DEPENDENCIES, MESSAGES, PACKAGES, PROJECT_COLUMN, RECORD_LISTS, RecordList, RELATIONS, RESOURCES } from '../queries/record-lists';
import { streamQuery } from '../stream-query';

/** Streams one record list of a project, serialized, from a server-side cursor. */
async function* streamRecords<T>(db: DataSource, list: RecordList, sql: { where: string[]; params: unknown[]; orderBy?: string }, batchSize: number): AsyncGenerator<T> {
  const where = [`${PROJECT_COLUMN[list.name]} = $1`, ...sql.where].join(' AND ');
  const text = `SELECT ${list.select} FROM ${list.from} WHERE ${where} ORDER BY ${sql.orderBy ?? list.orderBy}`;
  for await (const row of streamQuery(db, text, sql.params, batchSize)) yield list.serialize(row) as T;
}

/** Whether the API serves a record list of this name (`resources`, `packages`, …). */
export function isRecordListName(name: string): boolean {
  return Object.hasOwn(RECORD_LISTS, name);
}

/**
 * A record list of the API (`resources/`, `packages/`, …) with its `?field=value` filters, as
 * ScanCode.io orders it. The filters are checked here, before anything is read: a bad one throws
 * RecordFilterError at once, so the caller can still answer 400.
 */
export function apiRecordStream(db: DataSource, listName: string, projectUuid: string, query: Record<string, string>): AsyncGenerator<Record<string, unknown>> {
  const list = RECORD_LISTS[listName];
  if (!list) throw new Error(`no record list ${listName}`);
  const params: unknown[] = [projectUuid];
  const clauses = buildRecordFilter(list.filters, query, params);
  return streamRecords(db, list, { where: [...(list.baseWhere ? [list.baseWhere] : []), ...clauses], params }, 500);
}

/** ScanCode.io reads the output querysets in chunks of 2000 rows. */
const OUTPUT_BATCH = 2000;

/** A project's records for the outputs (results, SBOMs, reports), in the orders of ScanCode.io's output querysets (reference §7.3). */
export const outputRecords = {
  packages: <T>(db: DataSource, projectUuid: string) =>
    streamRecords<T>(db, PACKAGES, { where: [], params: [projectUuid], orderBy: 'p.type, p.namespace, p.name, p.version, p.id' }, OUTPUT_BATCH),
  dependencies: <T>(db: DataSource, projectUuid: string) =>
    streamRecords<T>(db, DEPENDENCIES, { where: [], params: [projectUuid], orderBy: 'd.type, d.namespace, d.name, d.version, d.datasource_id, d.id' }, OUTPUT_BATCH),
  // ScanCode.io leaves symlinks out of every output.
  resources: <T>(db: DataSource, projectUuid: string) =>
    streamRecords<T>(db, RESOURCES, { where: ["r.type <> 'symlink'"], params: [projectUuid], orderBy: 'r.path' }, OUTPUT_BATCH),
  relations: <T>(db: DataSource, projectUuid: string) => streamRecords<T>(db, RELATIONS, { where: [], params: [projectUuid] }, OUTPUT_BATCH),
  messages: <T>(db: DataSource, projectUuid: string) => streamRecords<T>(db, MESSAGES, { where: [], params: [projectUuid] }, OUTPUT_BATCH),
};

/**
 * What ScanCode.io's scan_single_package summary reads of the project's records
 * (make_results_summary): the text key files and the packages they belong to, as the API
 * serializes them, in the API's orders.
 */
export const summaryRecords = {
  keyFiles: <T>(db: DataSource, projectUuid: string) =>
    streamRecords<T>(db, RESOURCES, { where: ['r.is_key_file', 'r.is_text'], params: [projectUuid] }, 500),
  keyFilePackages: <T>(db: DataSource, projectUuid: string) =>
    streamRecords<T>(db, PACKAGES, {
      where: ['EXISTS (SELECT 1 FROM resource_packages rp JOIN codebase_resources kr ON kr.id = rp.resource_id WHERE rp.package_id = p.id AND kr.is_key_file AND kr.is_text)'],
      params: [projectUuid],
    }, 500),
};
