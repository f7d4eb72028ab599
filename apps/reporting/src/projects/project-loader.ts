import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReportInputSource, ReportOrphanInput, ReportProject } from '@sca/formats';
import { RUN_SELECT, RunRow, serializeRun, UUID_RE } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';

/** A project row as the outputs see it, before its inputs and runs are read. */
export type ReportProjectRow = Omit<ReportProject, 'input_sources' | 'runs'>;

/** The columns of a ReportProjectRow, from `projects p`. */
export const REPORT_PROJECT_COLUMNS = `p.uuid, p.name,
  to_char(p.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, p.notes, p.settings, p.extra_data`;

interface InputSourceRow {
  uuid: string;
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
}

/** Reads a project's header data: the row, its input sources (sizes from storage) and its runs. */
@Injectable()
export class ProjectLoader {
  constructor(private readonly db: DataSource, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async find(uuid: string): Promise<ReportProjectRow | null> {
    if (!UUID_RE.test(uuid)) return null;
    const rows: ReportProjectRow[] = await this.db.query(
      `SELECT ${REPORT_PROJECT_COLUMNS} FROM projects p WHERE p.uuid = $1`,
      [uuid],
    );
    return rows[0] ?? null;
  }

  /** The header data of the results and SBOMs. */
  async reportProject(row: ReportProjectRow): Promise<ReportProject> {
    const [inputSources, runs] = await Promise.all([this.inputSources(row.uuid), this.runs(row.uuid)]);
    return { ...row, input_sources: inputSources, runs };
  }

  /** ScanCode.io's `get_inputs_with_source`: InputSources, then unclaimed files of input/, by filename. */
  private async inputSources(uuid: string): Promise<(ReportInputSource | ReportOrphanInput)[]> {
    const rows: InputSourceRow[] = await this.db.query(
      'SELECT uuid, filename, download_url, is_uploaded, tag FROM input_sources WHERE project_uuid = $1 ORDER BY seq',
      [uuid],
    );
    const stored = await this.storedInputs(uuid);
    const out: (ReportInputSource | ReportOrphanInput)[] = rows.map((s) => {
      const size = s.filename ? stored.get(s.filename) : undefined;
      return { ...s, size: size ?? null, is_file: size !== undefined, exists: size !== undefined };
    });
    const claimed = new Set(rows.map((s) => s.filename));
    for (const [filename, size] of stored) {
      if (!claimed.has(filename)) out.push({ filename, is_uploaded: false, is_file: true, size, exists: true });
    }
    return out.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  }

  /** Files directly in input/ with their sizes. */
  private async storedInputs(uuid: string): Promise<Map<string, number>> {
    const prefix = storageKeys.inputPrefix(uuid);
    const files = new Map<string, number>();
    for await (const object of this.storage.list(prefix)) {
      const name = object.key.slice(prefix.length);
      if (name && !name.includes('/')) files.set(name, object.size);
    }
    return files;
  }

  /** Run serializer output without `url`, `project`, `current_step` and `progress`, oldest first. */
  private async runs(uuid: string): Promise<Record<string, unknown>[]> {
    const rows: RunRow[] = await this.db.query(`SELECT ${RUN_SELECT} FROM runs r WHERE r.project_uuid = $1 ORDER BY r.created_date, r.uuid`, [uuid]);
    return rows.map((row) => {
      // ScanCode.io's results runs: the serializer without url and project (and without the
      // current_step and progress this service adds to its API).
      const { url: _url, project: _project, current_step: _step, progress: _progress, ...run } = serializeRun(row, '');
      return run;
    });
  }
}
