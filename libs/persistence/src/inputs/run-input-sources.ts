import type { RecordScope } from '../records/record-scope';

/** An input of the project as a run fetches it: uploaded, or a URL not fetched yet (empty filename). */
export interface RunInputSource {
  uuid: string;
  download_url: string;
  filename: string;
  is_uploaded: boolean;
  /** The upload tag or the URL's `#fragment` (`from`/`to` for deploy-to-develop). */
  tag: string;
}

/**
 * The project's inputs as a run sees them. project-store owns these rows; a run writes only what
 * fetching a URL input learned (its file name, size, and that it is stored), because that is a
 * result of the run and must be visible when the run is seen ended.
 */
export class RunInputSources {
  constructor(private readonly scope: RecordScope) {}

  /** Every input, in the order it was added. */
  list(): Promise<RunInputSource[]> {
    return this.scope.db.query('SELECT uuid, download_url, filename, is_uploaded, tag FROM input_sources WHERE project_uuid = $1 ORDER BY seq', [this.scope.projectUuid]);
  }

  /** A URL input was fetched and kept in object storage. */
  async markFetched(inputUuid: string, filename: string, size: number): Promise<void> {
    await this.scope.db.query('UPDATE input_sources SET filename = $2, size = $3, stored = true WHERE uuid = $1', [inputUuid, filename, size]);
  }
}
