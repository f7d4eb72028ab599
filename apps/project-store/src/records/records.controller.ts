import { once } from 'node:events';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { PROJECT_NOT_FOUND } from '@sca/contracts';
import { apiRecordStream, findProject, isRecordListName, RecordFilterError } from '@sca/persistence';

/**
 * Internal HTTP streams of record lists, proxied by the gateway. Record sets can be large, so
 * they travel over HTTP with backpressure from a database cursor rather than over the broker.
 */
@Controller('internal/projects')
export class RecordsController {
  constructor(private readonly db: DataSource) {}

  @Get(':uuid/:list')
  async stream(@Param('uuid') uuid: string, @Param('list') listName: string, @Query() query: Record<string, string>, @Res() res: Response): Promise<void> {
    if (!isRecordListName(listName)) {
      res.status(404).json({ detail: 'Not found.' });
      return;
    }
    if (!(await findProject(this.db, uuid))) {
      res.status(404).json({ detail: PROJECT_NOT_FOUND });
      return;
    }
    let records: AsyncGenerator<Record<string, unknown>>;
    try {
      records = apiRecordStream(this.db, listName, uuid, flatten(query));
    } catch (e) {
      if (e instanceof RecordFilterError) {
        res.status(400).json({ errors: e.errors });
        return;
      }
      throw e;
    }
    res.status(200).type('application/json');
    let closed = false;
    res.on('close', () => (closed = true));
    res.write('[');
    let first = true;
    for await (const record of records) {
      if (closed) break;
      const chunk = (first ? '' : ',') + JSON.stringify(record);
      first = false;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end(']');
  }
}

function flatten(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
}
