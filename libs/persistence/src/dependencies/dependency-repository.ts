import { randomUUID } from 'node:crypto';
import type { DependencyRecord, PurlParts } from '@sca/contracts';
import { bulkInsert } from '../bulk-insert';
import { DEPENDENCY_COLUMNS } from '../records/record-columns';
import type { RecordScope } from '../records/record-scope';

export type DependencyInput = DependencyRecord & PurlParts;

/** How many uids one DELETE carries. */
const DELETE_BATCH = 5000;

/** The dependencies of a project (ScanCode.io's DiscoveredDependency), linked by joins on uids and paths. */
export class DependencyRepository {
  constructor(private readonly scope: RecordScope) {}

  /**
   * Inserts dependencies with their package links, resolved from the package uids in the same
   * statement (a second UPDATE of every inserted row cost as much as the insert), and with their
   * datafile's resource where it is already in; `linkDatafiles` links those loaded later. Each
   * lookup is a scalar subquery on a unique index, whose plan no statistics can degrade.
   */
  async insert(records: DependencyInput[]): Promise<number> {
    const rows = records.map((d) => ({
      ...d, uuid: randomUUID(), project_uuid: this.scope.projectUuid, run_uuid: this.scope.runUuid,
      for_uid: d.for_package_uid ?? '', resolved_uid: d.resolved_to_package_uid ?? '',
    }));
    const packageId = (key: string) => `(SELECT p.id FROM discovered_packages p WHERE p.project_uuid = x.project_uuid AND p.package_uid = j->>'${key}' AND p.package_uid <> '')`;
    const inserted = await bulkInsert(this.scope.db, 'discovered_dependencies', DEPENDENCY_COLUMNS, rows, {
      onConflict: "ON CONFLICT (project_uuid, dependency_uid) WHERE dependency_uid <> '' DO NOTHING",
      returning: 'id',
      computed: {
        for_package_id: packageId('for_uid'),
        resolved_to_package_id: packageId('resolved_uid'),
        datafile_resource_id: '(SELECT r.id FROM codebase_resources r WHERE r.project_uuid = x.project_uuid AND r.path = x.datafile_path)',
      },
      jsonKeys: ['for_uid', 'resolved_uid'],
    });
    return inserted.length;
  }

  /** Links the dependencies inserted before their datafile's resource (an inventory loaded in any order). */
  async linkDatafiles(): Promise<void> {
    await this.scope.analyzeResourcesOnce();
    await this.scope.db.query(
      `UPDATE discovered_dependencies d SET datafile_resource_id = r.id
       FROM codebase_resources r
       WHERE d.project_uuid = $1 AND d.datafile_resource_id IS NULL AND d.datafile_path IS NOT NULL
         AND r.project_uuid = $1 AND r.path = d.datafile_path`,
      [this.scope.projectUuid],
    );
  }

  /** Removes the dependencies with these uids (a resolution replaces what the scan wrote). */
  async deleteByUid(uids: string[]): Promise<void> {
    for (let i = 0; i < uids.length; i += DELETE_BATCH) {
      await this.scope.db.query('DELETE FROM discovered_dependencies WHERE project_uuid = $1 AND dependency_uid = ANY($2::text[])', [this.scope.projectUuid, uids.slice(i, i + DELETE_BATCH)]);
    }
  }
}
