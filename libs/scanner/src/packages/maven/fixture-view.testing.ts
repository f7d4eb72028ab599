/**
 * Test support for the maven, gradle, nuget and golang specs: a CodebaseView of a fixture
 * directory (each file recognized with the given handlers; `.expected.json` files skipped) and a
 * compact summary of an assembly.
 */
import { assemblePackages, type AssemblyContext, type CodebaseView } from '../assembly';
import type { DatafileHandler } from '../handler';
import { fixtureCodebase } from '../fixture-codebase.testing';

export function fixtureView(root: string, handlers: readonly DatafileHandler[], prefix = ''): CodebaseView {
  return fixtureCodebase(root, handlers, { prefix });
}

export function assembleFixture(root: string, handlers: readonly DatafileHandler[], prefix = ''): AssemblyContext {
  let n = 0;
  return assemblePackages(fixtureView(root, handlers, prefix), new Map(handlers.map((h) => [h.datasourceId, h])), () => `uid-${++n}`);
}

export function assemblySummary(ctx: AssemblyContext): unknown {
  const uidToPurl = new Map(ctx.packages.map((p) => [p.package_uid, p.purl]));
  return {
    packages: ctx.packages.map((p) => ({
      purl: p.purl,
      datafile_paths: p.datafile_paths,
      datasource_ids: p.datasource_ids,
      files: [...ctx.links].filter(([, uids]) => uids.includes(p.package_uid)).map(([path]) => path).sort(),
    })),
    dependencies: ctx.dependencies.map((d) => [d.purl, d.extracted_requirement, d.scope, d.for_package_uid ? uidToPurl.get(d.for_package_uid) : null, d.datafile_path]),
    messages: ctx.messages,
  };
}
