/**
 * What a handler's `assemble` works with: the codebase view, and the sinks for packages,
 * dependencies, file links and processed datafiles. One context serves a whole assembly pass.
 */
import { fillFromFile } from '../../license/from-file';
import type { FileReference, PackageData } from '../package-data';
import { CodebaseView } from './codebase-view';
import { dependenciesFromData, packageFromData, updatePackage, type Dependency, type Package, type UidFactory } from './records';

export interface AssemblyMessage {
  severity: 'warning' | 'error';
  path: string;
  description: string;
}

export class AssemblyContext {
  readonly packages: Package[] = [];
  readonly dependencies: Dependency[] = [];
  /** path -> package_uids (ScanCode's `for_packages`). */
  readonly links = new Map<string, string[]>();
  readonly messages: AssemblyMessage[] = [];
  /** package_uid -> the files an installed-package database says it installed (paths, checksums). */
  readonly installedFiles = new Map<string, FileReference[]>();
  private readonly processed = new Set<string>();

  constructor(
    readonly codebase: CodebaseView,
    readonly uid: UidFactory,
  ) {}

  /**
   * Creates a package from a datafile's data (it still needs linking to its files); license
   * matches that name no file get the datafile's path (ScanCode's Package.from_package_data).
   */
  createPackage(data: PackageData, datafilePath: string): Package {
    const pkg = packageFromData(data, datafilePath, this.uid);
    fillFromFile(pkg.license_detections, datafilePath);
    fillFromFile(pkg.other_license_detections, datafilePath);
    this.packages.push(pkg);
    return pkg;
  }

  /** Merges another datafile into a package; false when it describes a different package. */
  updatePackage(pkg: Package, data: PackageData, datafilePath: string): boolean {
    return updatePackage(pkg, data, datafilePath);
  }

  /** Records the dependencies declared in `data`, for `pkg` (or as project dependencies). */
  addDependencies(data: PackageData, datafilePath: string, pkg: Package | null): Dependency[] {
    const deps = dependenciesFromData(data, datafilePath, pkg?.package_uid ?? null, this.uid);
    this.dependencies.push(...deps);
    return deps;
  }

  link(path: string, pkg: Package): void {
    let list = this.links.get(path);
    if (!list) this.links.set(path, (list = []));
    if (!list.includes(pkg.package_uid)) list.push(pkg.package_uid);
  }

  /** A datafile handled as part of another's assembly is not assembled again on its own. */
  markProcessed(path: string): void {
    this.processed.add(path);
  }

  isProcessed(path: string): boolean {
    return this.processed.has(path);
  }

  warn(path: string, description: string): void {
    this.messages.push({ severity: 'warning', path, description });
  }
}
