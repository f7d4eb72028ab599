import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, MESSAGE_SEVERITIES, MessagesQuery } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { isoTs } from '@sca/persistence';
import { pageWindow, paginate } from '../common/pagination';

interface MessageRow {
  uuid: string;
  severity: string;
  description: string;
  model: string;
  details: Record<string, unknown>;
  traceback: string;
  created_date: string;
}

/** ProjectMessage list (reference §4.9): paginated, oldest first, filters severity/model/description. */
@Injectable()
export class MessagesService {
  constructor(private readonly db: DataSource) {}

  async list(q: MessagesQuery) {
    const clauses = ['project_uuid = $1'];
    const params: unknown[] = [q.project_uuid];
    const severity = q.query.severity;
    if (severity) {
      if (!(MESSAGE_SEVERITIES as readonly string[]).includes(severity)) {
        throw new DomainError(ERROR_CODES.validation, 'Invalid filter', {
          errors: { severity: [`Select a valid choice. ${severity} is not one of the available choices.`] },
        });
      }
      params.push(severity);
      clauses.push(`severity = $${params.length}`);
    }
    for (const field of ['model', 'description'] as const) {
      if (q.query[field]) {
        params.push(q.query[field]);
        clauses.push(`${field} = $${params.length}`);
      }
    }
    const where = clauses.join(' AND ');
    const countRows: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM project_messages WHERE ${where}`, params);
    const w = pageWindow(q.query.page, countRows[0].n, q.page_size);
    const rows: MessageRow[] = await this.db.query(
      `SELECT uuid, severity, description, model, details, traceback, ${isoTs('created_date')} AS created_date
       FROM project_messages WHERE ${where} ORDER BY created_date, id LIMIT ${w.limit} OFFSET ${w.offset}`,
      params,
    );
    const items = rows.map((m) => ({
      uuid: m.uuid,
      severity: m.severity,
      description: m.description,
      model: m.model,
      details: m.details,
      traceback: m.traceback ? m.traceback.split(/\r?\n/) : [],
      created_date: m.created_date,
    }));
    return paginate(items, countRows[0].n, w, q.request_url);
  }
}
