/**
 * `codescan --package`: the package data of every scanned file is collected as the records
 * stream to the writer; once the scan is done the assembly pass turns it into top-level
 * packages and dependencies and each file's `for_packages`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SerializedToolkitRecord, type FollowedRecordLicenses, type PackageSections } from '@sca/formats';
import { computeSummary, type SummaryFile } from '../summary/compute-summary';
import { assemblePackages, CodebaseView, handlersById, type CodebaseEntry, type PackageData } from '../packages';

const RECORD_HEAD = /^\{"path":("(?:[^"\\]|\\.)*"),"type":"(file|directory|symlink)"/;

export class PackageCollector {
  private readonly entries: CodebaseEntry[] = [];
  private readonly summaryFiles: (SummaryFile & { path: string })[] = [];

  /**
   * `rootAbs` is the scanned path; record paths start with its base name. With `summary`, the
   * fields the toolkit's summary needs are kept for every file too.
   */
  constructor(
    private readonly rootAbs: string,
    private readonly log: (message: string) => void,
    private readonly opts: { summary?: boolean } = {},
  ) {}

  async *tap<T extends Record<string, unknown> | SerializedToolkitRecord>(records: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const record of records) {
      this.collect(record);
      yield record;
    }
  }

  private collect(record: Record<string, unknown> | SerializedToolkitRecord): void {
    if (this.opts.summary) {
      const full = record instanceof SerializedToolkitRecord ? (JSON.parse(record.json) as Record<string, unknown>) : record;
      const { path, type, is_key_file, programming_language, detected_license_expression, license_detections, copyrights, holders } = full as unknown as SummaryFile & { path: string };
      this.summaryFiles.push({ path, type, is_key_file, programming_language, detected_license_expression, license_detections, copyrights, holders });
    }
    if (record instanceof SerializedToolkitRecord) {
      const m = RECORD_HEAD.exec(record.json);
      if (!m) return;
      const path = JSON.parse(m[1]) as string;
      const type = m[2] as CodebaseEntry['type'];
      // Only datafiles carry package data: parse the record back for those alone.
      const packageData = record.json.includes('"package_data":[{') ? ((JSON.parse(record.json) as { package_data: PackageData[] }).package_data) : undefined;
      this.entries.push({ path, type, packageData });
    } else {
      this.entries.push({ path: String(record.path), type: record.type as CodebaseEntry['type'], packageData: record.package_data as PackageData[] | undefined });
    }
  }

  /** `followed`: the license fields of files whose license references were followed, which the summary reads. */
  finalize(followed: ReadonlyMap<string, FollowedRecordLicenses> = new Map()): PackageSections {
    const base = dirname(this.rootAbs);
    const view = new CodebaseView(this.entries, (path) => {
      try {
        return readFileSync(join(base, path));
      } catch {
        return null;
      }
    });
    const ctx = assemblePackages(view, handlersById());
    for (const m of ctx.messages) this.log(`${m.severity}: ${m.path}: ${m.description}`);
    const summary = this.opts.summary
      ? computeSummary(this.summaryFiles.map((f) => ({ ...f, ...(followed.get(f.path) as Partial<SummaryFile> | undefined), for_packages: ctx.links.get(f.path) ?? [] })), ctx.packages)
      : undefined;
    return { summary, packages: ctx.packages, dependencies: ctx.dependencies, forPackages: ctx.links };
  }
}
