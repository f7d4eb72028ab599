/**
 * `codescan --package`: the package data of every scanned file is collected as the records
 * stream to the writer; once the scan is done the assembly pass turns it into top-level
 * packages and dependencies and each file's `for_packages`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SerializedToolkitRecord, type PackageSections } from '@sca/formats';
import { assemblePackages, CodebaseView, handlersById, type CodebaseEntry, type PackageData } from '../packages';

const RECORD_HEAD = /^\{"path":("(?:[^"\\]|\\.)*"),"type":"(file|directory|symlink)"/;

export class PackageCollector {
  private readonly entries: CodebaseEntry[] = [];

  /** `rootAbs` is the scanned path; record paths start with its base name. */
  constructor(
    private readonly rootAbs: string,
    private readonly log: (message: string) => void,
  ) {}

  async *tap<T extends Record<string, unknown> | SerializedToolkitRecord>(records: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const record of records) {
      this.collect(record);
      yield record;
    }
  }

  private collect(record: Record<string, unknown> | SerializedToolkitRecord): void {
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

  finalize(): PackageSections {
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
    return { packages: ctx.packages, dependencies: ctx.dependencies, forPackages: ctx.links };
  }
}
