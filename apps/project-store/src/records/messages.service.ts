import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, MESSAGE_SEVERITIES, MessageRecord, MessageSeverity, MessagesQuery, Paginated } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { countMessages, MessageFilter, messagePage } from '@sca/persistence';
import { pageWindow, paginate } from '../common/pagination';

/** ProjectMessage list (reference §4.9): paginated, oldest first, filters severity/model/description. */
@Injectable()
export class MessagesService {
  constructor(private readonly db: DataSource) {}

  async list(q: MessagesQuery): Promise<Paginated<MessageRecord>> {
    const filter = messageFilter(q.query);
    const count = await countMessages(this.db, q.project_uuid, filter);
    const w = pageWindow(q.query.page, count, q.page_size);
    const items = await messagePage(this.db, q.project_uuid, filter, w.offset, w.limit);
    return paginate(items, count, w, q.request_url);
  }
}

function messageFilter(query: Record<string, string>): MessageFilter {
  const severity = query.severity;
  if (severity && !(MESSAGE_SEVERITIES as readonly string[]).includes(severity)) {
    throw new DomainError(ERROR_CODES.validation, 'Invalid filter', {
      errors: { severity: [`Select a valid choice. ${severity} is not one of the available choices.`] },
    });
  }
  return { severity: (severity || undefined) as MessageSeverity | undefined, model: query.model, description: query.description };
}
