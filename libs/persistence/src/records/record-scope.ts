import { DataSource } from 'typeorm';

/**
 * The project (and run) whose scan records a repository reads and writes, and what the
 * repositories of one run share: the connection and whether resources were analyzed.
 */
export class RecordScope {
  private resourcesAnalyzed = false;

  /** `runUuid` marks the rows the repositories insert, so that a resumed run can remove them. */
  constructor(readonly db: DataSource, readonly projectUuid: string, readonly runUuid: string | null = null) {}

  /**
   * Lookups of resources by path need statistics that know this project's rows: without
   * them the planner may pick the (project_uuid, status) index and filter the whole project
   * for every looked-up path (a 200,000-file load went from 30 s to 345 s). Run once, before
   * the first lookup by path, when the resources are in.
   */
  async analyzeResourcesOnce(): Promise<void> {
    if (this.resourcesAnalyzed) return;
    this.resourcesAnalyzed = true;
    await this.db.query('ANALYZE codebase_resources');
  }
}
