/**
 * A datafile handler: ScanCode's DatafileHandler in TypeScript. One per datasource id. Handlers
 * are pure: `parse` gets the file's bytes and returns PackageData; it never executes anything
 * and throws on a broken file (the caller turns the error into a scan error / project message).
 */
import type { PackageData } from './package-data';
import type { AssemblyContext } from './assembly/context';

export interface DatafileInput {
  /** Codebase-relative POSIX path, e.g. `codebase/pkg/package.json` or `pkg/package.json`. */
  path: string;
  /** The whole file. */
  content: Buffer;
  /**
   * A file of the same directory, by name, when the caller can read it (null when absent): what
   * ScanCode reads next to a datafile (an installed distribution's RECORD). Pure parsers never
   * touch the file system themselves.
   */
  sibling?(name: string): Buffer | null;
}

export interface DatafileHandler {
  /** ScanCode's datasource id, typos included (`rpm_spefile`, `nuget_nupsec`). */
  datasourceId: string;
  /** fnmatch-style globs tested against the whole path (`*` matches `/` too), case-sensitive. */
  pathPatterns: readonly string[];
  defaultPackageType: string;
  defaultPrimaryLanguage: string | null;
  description: string;
  documentationUrl: string | null;
  /** In ScanCode's system-package list (installed databases): `--system-package` only. */
  isSystem?: boolean;
  /** Extra check on the file head when the path alone is ambiguous (yarn.lock v1 vs v2...). */
  accepts?(head: Buffer, path: string): boolean;
  parse(input: DatafileInput): PackageData[];
  /**
   * Turns the package data of one datafile (and its siblings) into packages, dependencies and
   * file links. Defaults to `assembleDatafileOnly` (a package linked to its datafile, and its
   * dependencies) when not given.
   */
  assemble?(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void;
}
