import { randomUUID } from 'node:crypto';
import type { RelationRecord } from '@sca/contracts';
import type { RecordScope } from '../records/record-scope';

/** A relation to create between two resources known by id. */
export interface RelationByIds {
  fromId: number;
  toId: number;
  mapType: string;
  extraData?: Record<string, unknown>;
}

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

  /** Creates relations by resource ids (an existing one with the same ends and type is kept); returns how many were new. */
  async insertByIds(relations: readonly RelationByIds[]): Promise<number> {
    if (relations.length === 0) return 0;
    const rows = relations.map((r) => ({ from_id: r.fromId, to_id: r.toId, map_type: r.mapType, extra_data: r.extraData ?? {} }));
    const inserted: unknown[] = await this.scope.db.query(
      `INSERT INTO codebase_relations (uuid, project_uuid, from_resource_id, to_resource_id, map_type, extra_data, run_uuid)
       SELECT gen_random_uuid(), $2, x.from_id, x.to_id, x.map_type, x.extra_data, $3::uuid
       FROM json_to_recordset($1::json) AS x(from_id bigint, to_id bigint, map_type text, extra_data jsonb)
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(rows), this.scope.projectUuid, this.scope.runUuid],
    );
    return inserted.length;
  }
}
