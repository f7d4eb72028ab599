import { randomUUID } from 'node:crypto';
import type { RelationRecord } from '@sca/contracts';
import type { RecordScope } from '../records/record-scope';

/** Relations between two resources of a project (ScanCode.io's CodebaseRelation), made by paths. */
export class RelationRepository {
  constructor(private readonly scope: RecordScope) {}

  /** Creates relations by resource paths (one with a missing end is skipped); returns how many were created. */
  async insert(records: RelationRecord[], extraData: Record<string, unknown>[] = []): Promise<number> {
    if (records.length === 0) return 0;
    await this.scope.analyzeResourcesOnce();
    const rows = records.map((r, i) => ({ uuid: randomUUID(), from: r.from_resource, to: r.to_resource, map_type: r.map_type, extra_data: extraData[i] ?? {} }));
    const res: unknown[] = await this.scope.db.query(
      `INSERT INTO codebase_relations (uuid, project_uuid, from_resource_id, to_resource_id, map_type, extra_data, run_uuid)
       SELECT y.uuid, $2, y.from_id, y.to_id, y.map_type, y.extra_data, $3::uuid FROM (
         SELECT x.uuid, x.map_type, x.extra_data,
           (SELECT f.id FROM codebase_resources f WHERE f.project_uuid = $2 AND f.path = x."from") AS from_id,
           (SELECT t.id FROM codebase_resources t WHERE t.project_uuid = $2 AND t.path = x."to") AS to_id
         FROM json_to_recordset($1::json) AS x(uuid uuid, "from" text, "to" text, map_type text, extra_data jsonb)
       ) y WHERE y.from_id IS NOT NULL AND y.to_id IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(rows), this.scope.projectUuid, this.scope.runUuid],
    );
    return res.length;
  }
}
