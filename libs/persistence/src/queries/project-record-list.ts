import { DataSource } from 'typeorm';
import { streamQuery } from '../stream-query';
import type { RecordList } from './record-lists';

/** The table alias of each list's FROM clause: `r` for `codebase_resources r`. */
function projectColumn(list: RecordList): string {
  const alias = list.from.trim().split(/\s+/)[1];
  return `${alias}.project_uuid`;
}

/** All records of one list of a project, unfiltered, in the list's order, serialized as the API does. */
export async function* streamRecordList(db: DataSource, list: RecordList, projectUuid: string): AsyncGenerator<Record<string, unknown>> {
  const where = [`${projectColumn(list)} = $1`, ...(list.baseWhere ? [list.baseWhere] : [])].join(' AND ');
  const sql = `SELECT ${list.select} FROM ${list.from} WHERE ${where} ORDER BY ${list.orderBy}`;
  for await (const row of streamQuery(db, sql, [projectUuid], 2000)) yield list.serialize(row);
}
