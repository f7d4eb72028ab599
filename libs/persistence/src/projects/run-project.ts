import { DataSource } from 'typeorm';

/** The project a run works on: what its steps read of it. */
export interface RunProject {
  uuid: string;
  name: string;
  /** ScanCode.io's project slug: the slugified name and the uuid's first 8 characters. */
  slug: string;
  settings: Record<string, unknown>;
  extra_data: Record<string, unknown>;
}

/** The project of a run, or null when it was deleted meanwhile. */
export async function loadRunProject(db: DataSource, projectUuid: string): Promise<RunProject | null> {
  const rows: RunProject[] = await db.query('SELECT uuid, name, slug, settings, extra_data FROM projects WHERE uuid = $1', [projectUuid]);
  return rows[0] ?? null;
}

/** Merges keys into the project's extra_data (a run's findings about its inputs, SBOM headers…). */
export async function mergeProjectExtraData(db: DataSource, projectUuid: string, patch: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE projects SET extra_data = extra_data || $2::jsonb WHERE uuid = $1', [projectUuid, JSON.stringify(patch)]);
}

/** Refreshes the denormalized counts of the project detail (ScanCode.io's update_counts). */
export async function updateProjectCounts(db: DataSource, projectUuid: string): Promise<void> {
  await db.query(
    `UPDATE projects SET
       resource_count = (SELECT count(*) FROM codebase_resources WHERE project_uuid = $1),
       package_count = (SELECT count(*) FROM discovered_packages WHERE project_uuid = $1),
       dependency_count = (SELECT count(*) FROM discovered_dependencies WHERE project_uuid = $1),
       message_count = (SELECT count(*) FROM project_messages WHERE project_uuid = $1),
       relation_count = (SELECT count(*) FROM codebase_relations WHERE project_uuid = $1)
     WHERE uuid = $1`,
    [projectUuid],
  );
}
