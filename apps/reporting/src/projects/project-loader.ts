import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReportInputSource, ReportOrphanInput, ReportProject } from '@sca/formats';
import { findReportProject, projectRuns, reportInputSources, ReportProjectRow, serializeRun } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';

export type { ReportProjectRow };

/** Reads a project's header data: the row, its input sources (sizes from storage) and its runs. */
@Injectable()
export class ProjectLoader {
  constructor(private readonly db: DataSource, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  find(uuid: string): Promise<ReportProjectRow | null> {
    return findReportProject(this.db, uuid);
  }

  /** The header data of the results and SBOMs. */
  async reportProject(row: ReportProjectRow): Promise<ReportProject> {
    const [inputSources, runs] = await Promise.all([this.inputSources(row.uuid), this.runs(row.uuid)]);
    return { ...row, input_sources: inputSources, runs };
  }

  /** ScanCode.io's `get_inputs_with_source`: InputSources, then unclaimed files of input/, by filename. */
  private async inputSources(uuid: string): Promise<(ReportInputSource | ReportOrphanInput)[]> {
    const rows = await reportInputSources(this.db, uuid);
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
    return (await projectRuns(this.db, uuid)).map((row) => {
      // ScanCode.io's results runs: the serializer without url and project (and without the
      // current_step and progress this service adds to its API).
      const { url: _url, project: _project, current_step: _step, progress: _progress, ...run } = serializeRun(row, '');
      return run;
    });
  }
}
