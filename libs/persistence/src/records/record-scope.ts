import { DataSource } from 'typeorm';

/**
 * The project (and run) whose scan records a repository reads and writes, and what the
 * repositories of one run share: the connection and whether resources were analyzed.
 */
export class RecordScope {
  private readonly analyzed = new Map<string, Promise<void>>();

  /** `runUuid` marks the rows the repositories insert, so that a resumed run can remove them. */
  constructor(readonly db: DataSource, readonly projectUuid: string, readonly runUuid: string | null = null) {}

  /**
   * Lookups of resources by path need statistics that know this project's rows: without
   * them the planner may pick the (project_uuid, status) index and filter the whole project
   * for every looked-up path (a 200,000-file load went from 30 s to 345 s). Run once, before
   * the first lookup by path, when the resources are in. Lookups made side by side all wait for
   * the one ANALYZE (one that went ahead of it met stale statistics: 35 s instead of 0.2).
   */
  analyzeResourcesOnce(): Promise<void> {
    return this.analyzeOnce('codebase_resources');
  }

  /**
   * The same for packages, before the first update matched on package_uid: with no statistics
   * the planner takes the project's packages for one row and loops over the updated rows once
   * per package (the npm tree's 566 resolved packages: 270 ms against 30 ms after an ANALYZE).
   */
  analyzePackagesOnce(): Promise<void> {
    return this.analyzeOnce('discovered_packages');
  }

  /** One ANALYZE of `table` per scope; callers side by side share it. */
  private analyzeOnce(table: 'codebase_resources' | 'discovered_packages'): Promise<void> {
    let done = this.analyzed.get(table);
    if (!done) this.analyzed.set(table, (done = this.db.query(`ANALYZE ${table}`).then(() => undefined)));
    return done;
  }
}
