import { once } from 'node:events';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { buildRecordFilter, PROJECT_COLUMN, RECORD_LISTS, RecordFilterError, streamQuery } from '@sca/persistence';
import { ProjectQueries } from '../projects/project-queries';
import { PROJECT_NOT_FOUND } from '@sca/contracts';

/**
 * Internal HTTP streams of record lists, proxied by the gateway. Record sets can be large, so
 * they travel over HTTP with backpressure from a database cursor rather than over the broker.
 */
@Controller('internal/projects')
export class RecordsController {
  constructor(private readonly db: DataSource, private readonly projects: ProjectQueries) {}

  @Get(':uuid/:list')
  async stream(@Param('uuid') uuid: string, @Param('list') listName: string, @Query() query: Record<string, string>, @Res() res: Response): Promise<void> {
    const list = RECORD_LISTS[listName];
    if (!list) {
      res.status(404).json({ detail: 'Not found.' });
      return;
    }
    if (!(await this.projects.find(uuid))) {
      res.status(404).json({ detail: PROJECT_NOT_FOUND });
      return;
    }
    const params: unknown[] = [uuid];
    let clauses: string[];
    try {
      clauses = buildRecordFilter(list.filters, flatten(query), params);
    } catch (e) {
      if (e instanceof RecordFilterError) {
        res.status(400).json({ errors: e.errors });
        return;
      }
      throw e;
    }
    const where = [`${PROJECT_COLUMN[listName]} = $1`, ...(list.baseWhere ? [list.baseWhere] : []), ...clauses].join(' AND ');
    const sql = `SELECT ${list.select} FROM ${list.from} WHERE ${where} ORDER BY ${list.orderBy}`;
    res.status(200).type('application/json');
    let closed = false;
    res.on('close', () => (closed = true));
    res.write('[');
    let first = true;
    for await (const row of streamQuery(this.db, sql, params, 500)) {
      if (closed) break;
      const chunk = (first ? '' : ',') + JSON.stringify(list.serialize(row));
      first = false;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end(']');
  }
}

function flatten(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
}
