import type { MessageRecord, MessageSeverity } from '@sca/contracts';
import type { Queryable } from '../queryable';
import { MESSAGES } from '../queries/record-lists';

/** Exact-match filters of the messages list; absent or empty means no filter. */
export interface MessageFilter {
  severity?: MessageSeverity;
  model?: string;
  description?: string;
}

function whereOf(projectUuid: string, filter: MessageFilter): { where: string; params: unknown[] } {
  const clauses = ['m.project_uuid = $1'];
  const params: unknown[] = [projectUuid];
  for (const field of ['severity', 'model', 'description'] as const) {
    if (filter[field]) {
      params.push(filter[field]);
      clauses.push(`m.${field} = $${params.length}`);
    }
  }
  return { where: clauses.join(' AND '), params };
}

export async function countMessages(db: Queryable, projectUuid: string, filter: MessageFilter): Promise<number> {
  const { where, params } = whereOf(projectUuid, filter);
  const rows: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM project_messages m WHERE ${where}`, params);
  return rows[0].n;
}

/** A page of the project's messages, oldest first, serialized. */
export async function messagePage(db: Queryable, projectUuid: string, filter: MessageFilter, offset: number, limit: number): Promise<MessageRecord[]> {
  const { where, params } = whereOf(projectUuid, filter);
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT ${MESSAGES.select} FROM ${MESSAGES.from} WHERE ${where} ORDER BY ${MESSAGES.orderBy} LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
    params,
  );
  return rows.map((row) => MESSAGES.serialize(row) as unknown as MessageRecord);
}
