/**
 * Test support for the system-package specs: a CodebaseView of a fixture directory (every file
 * recognized with the given handlers, contents readable), an assembly over it with stable uids,
 * and a compact summary of the result.
 */
import type { AssemblyContext, CodebaseView } from '../assembly';
import type { DatafileHandler } from '../handler';
import { fixtureCodebase } from '../fixture-codebase.testing';

export function rootfsView(root: string, handlers: readonly DatafileHandler[], skip: (path: string) => boolean = () => false): CodebaseView {
  return fixtureCodebase(root, handlers, { skip });
}

export { assembleView } from '../fixture-codebase.testing';

/** Packages (purl, namespace, datafiles, linked files, missing refs), dependencies, messages. */
export function assemblySummary(ctx: AssemblyContext): unknown {
  const uidToPurl = new Map(ctx.packages.map((p) => [p.package_uid, p.purl]));
  return {
    packages: ctx.packages.map((p) => ({
      purl: p.purl,
      datafile_paths: p.datafile_paths,
      datasource_ids: p.datasource_ids,
      extracted_license_statement: p.extracted_license_statement,
      copyright: p.copyright,
      files: [...ctx.links].filter(([, uids]) => uids.includes(p.package_uid)).map(([path]) => path).sort(),
      missing: ((p.extra_data['missing_file_references'] as { path: string }[] | undefined) ?? []).map((r) => r.path),
    })),
    dependencies: ctx.dependencies.map((d) => [d.purl, d.extracted_requirement, d.scope, d.for_package_uid ? uidToPurl.get(d.for_package_uid) : null]),
    messages: ctx.messages,
  };
}
