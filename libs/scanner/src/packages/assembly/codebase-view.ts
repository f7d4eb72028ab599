/**
 * The read-only view of a codebase that assembly needs: the tree of paths, each file's package
 * data, and file contents on demand. Built from the scan's resource list (CLI) or streamed from
 * the project's resources (pipelines); paths are POSIX and relative to the codebase root.
 */
import type { PackageData } from '../package-data';

export interface CodebaseEntry {
  path: string;
  type: 'file' | 'directory' | 'symlink';
  packageData?: readonly PackageData[];
}

export class CodebaseView {
  private readonly types = new Map<string, CodebaseEntry['type']>();
  private readonly childrenOf = new Map<string, string[]>();
  private readonly data = new Map<string, readonly PackageData[]>();

  constructor(
    entries: Iterable<CodebaseEntry>,
    private readonly reader: (path: string) => Buffer | null = () => null,
    /** The codebase path a path names once symlinked directories on it are followed (inside the codebase), or null. */
    private readonly resolver: (path: string) => string | null = () => null,
  ) {
    for (const e of entries) this.add(e);
    for (const list of this.childrenOf.values()) list.sort();
  }

  private add(e: CodebaseEntry): void {
    if (this.types.has(e.path)) return;
    this.types.set(e.path, e.type);
    if (e.packageData?.length) this.data.set(e.path, e.packageData);
    const parent = parentPath(e.path);
    if (parent === null) return;
    let list = this.childrenOf.get(parent);
    if (!list) this.childrenOf.set(parent, (list = []));
    list.push(e.path);
  }

  exists(path: string): boolean {
    return this.types.has(path);
  }

  typeOf(path: string): CodebaseEntry['type'] | undefined {
    return this.types.get(path);
  }

  /** The path without symlinks on it, when the view can see the files (a root on disk); null otherwise. */
  realPath(path: string): string | null {
    return this.resolver(path);
  }

  children(dir: string): readonly string[] {
    return this.childrenOf.get(dir) ?? [];
  }

  /** Every descendant of `dir`, top-down in path order; `prune(path)` true skips a subtree. */
  *walk(dir: string, prune?: (path: string) => boolean): Generator<string> {
    for (const child of this.children(dir)) {
      if (prune?.(child)) continue;
      yield child;
      if (this.types.get(child) === 'directory') yield* this.walk(child, prune);
    }
  }

  packageData(path: string): readonly PackageData[] {
    return this.data.get(path) ?? [];
  }

  /** Paths that carry package data, in path order. */
  datafilePaths(): string[] {
    return [...this.data.keys()].sort();
  }

  read(path: string): Buffer | null {
    return this.reader(path);
  }
}

/** The parent of a relative POSIX path: '' for a top-level entry, null for the root ''. */
export function parentPath(path: string): string | null {
  if (path === '') return null;
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}
