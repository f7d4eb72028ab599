import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, MESSAGE_SEVERITIES, MessagesQuery } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { MESSAGES } from '@sca/persistence';
import { pageWindow, paginate } from '../common/pagination';

/** ProjectMessage list (reference §4.9): paginated, oldest first, filters severity/model/description. */
@Injectable()
export class MessagesService {
  constructor(private readonly db: DataSource) {}

  async list(q: MessagesQuery) {
    const clauses = ['m.project_uuid = $1'];
    const params: unknown[] = [q.project_uuid];
    const severity = q.query.severity;
    if (severity) {
      if (!(MESSAGE_SEVERITIES as readonly string[]).includes(severity)) {
        throw new DomainError(ERROR_CODES.validation, 'Invalid filter', {
          errors: { severity: [`Select a valid choice. ${severity} is not one of the available choices.`] },
        });
      }
      params.push(severity);
      clauses.push(`m.severity = $${params.length}`);
    }
    for (const field of ['model', 'description'] as const) {
      if (q.query[field]) {
        params.push(q.query[field]);
        clauses.push(`m.${field} = $${params.length}`);
      }
    }
    const where = clauses.join(' AND ');
    const countRows: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM project_messages m WHERE ${where}`, params);
    const w = pageWindow(q.query.page, countRows[0].n, q.page_size);
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT ${MESSAGES.select} FROM ${MESSAGES.from} WHERE ${where} ORDER BY ${MESSAGES.orderBy} LIMIT ${w.limit} OFFSET ${w.offset}`,
      params,
    );
    const items = rows.map(MESSAGES.serialize);
    return paginate(items, countRows[0].n, w, q.request_url);
  }
}
