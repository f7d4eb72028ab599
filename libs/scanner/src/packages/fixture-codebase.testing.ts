/**
 * Test support for the package-handler specs: a CodebaseView of a fixture directory, every file
 * recognized with the given handlers (`.expected.json` goldens skipped) and readable through
 * the view, optionally under a path prefix or without some paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages, CodebaseView, type AssemblyContext, type CodebaseEntry } from './assembly';
import type { DatafileHandler } from './handler';
import { recognizePackageData } from './recognize';

export interface FixtureViewOptions {
  /** A directory the fixture is placed under in the view. */
  prefix?: string;
  skip?: (path: string) => boolean;
}

export function fixtureCodebase(root: string, handlers: readonly DatafileHandler[], opts: FixtureViewOptions = {}): CodebaseView {
  const prefix = opts.prefix ?? '';
  const entries: CodebaseEntry[] = prefix ? [{ path: prefix, type: 'directory' }] : [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const path = rel ? `${rel}/${name}` : name;
      if (name.endsWith('.expected.json') || opts.skip?.(path)) continue;
      if (statSync(abs).isDirectory()) {
        entries.push({ path, type: 'directory' });
        walk(abs, path);
      } else {
        const { packageData, errors } = recognizePackageData(path, readFileSync(abs), handlers);
        if (errors.length) throw new Error(errors.join('\n'));
        entries.push({ path, type: 'file', packageData });
      }
    }
  };
  walk(root, prefix);
  return new CodebaseView(entries, (path) => {
    try {
      return readFileSync(join(root, prefix ? path.slice(prefix.length + 1) : path));
    } catch {
      return null;
    }
  });
}

/** An assembly over a view with stable uids (`uid-1`, `uid-2`...). */
export function assembleView(view: CodebaseView, handlers: readonly DatafileHandler[]): AssemblyContext {
  let n = 0;
  return assemblePackages(view, new Map(handlers.map((h) => [h.datasourceId, h])), () => `uid-${++n}`);
}

/** An assembly over a fixture directory with stable uids. */
export function assembleFixture(root: string, handlers: readonly DatafileHandler[], opts: FixtureViewOptions = {}): AssemblyContext {
  return assembleView(fixtureCodebase(root, handlers, opts), handlers);
}

type AssembledPackage = AssemblyContext['packages'][number];

export interface SummaryOptions {
  /** More fields per package (the system-package specs add license, copyright, missing files). */
  packageFields?: (p: AssembledPackage) => Record<string, unknown>;
  /** Each dependency ends with its datafile path (default true). */
  dependencyDatafile?: boolean;
}

/** Packages, their datafiles and linked files, and dependencies, in a compact comparable form. */
export function assemblySummary(ctx: AssemblyContext, opts: SummaryOptions = {}): unknown {
  const uidToPurl = new Map(ctx.packages.map((p) => [p.package_uid, p.purl]));
  return {
    packages: ctx.packages.map((p) => ({
      purl: p.purl,
      datafile_paths: p.datafile_paths,
      datasource_ids: p.datasource_ids,
      ...opts.packageFields?.(p),
      files: [...ctx.links].filter(([, uids]) => uids.includes(p.package_uid)).map(([path]) => path).sort(),
    })),
    dependencies: ctx.dependencies.map((d) => {
      const row: unknown[] = [d.purl, d.extracted_requirement, d.scope, d.for_package_uid ? uidToPurl.get(d.for_package_uid) : null];
      return opts.dependencyDatafile === false ? row : [...row, d.datafile_path];
    }),
    messages: ctx.messages,
  };
}
