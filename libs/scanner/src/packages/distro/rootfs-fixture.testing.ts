/**
 * Test support for the system-package specs: a CodebaseView of a fixture directory (every file
 * recognized with the given handlers, contents readable), an assembly over it with stable uids,
 * and a compact summary of the result.
 */
import type { AssemblyContext, CodebaseView } from '../assembly';
import type { DatafileHandler } from '../handler';
import { assemblySummary as fixtureSummary, fixtureCodebase } from '../fixture-codebase.testing';

export function rootfsView(root: string, handlers: readonly DatafileHandler[], skip: (path: string) => boolean = () => false): CodebaseView {
  return fixtureCodebase(root, handlers, { skip });
}

export { assembleView } from '../fixture-codebase.testing';

/** Packages (purl, datafiles, license statement, copyright, linked files, missing refs), dependencies, messages. */
export function assemblySummary(ctx: AssemblyContext): unknown {
  return fixtureSummary(ctx, {
    dependencyDatafile: false,
    packageFields: (p) => ({
      extracted_license_statement: p.extracted_license_statement,
      copyright: p.copyright,
      missing: ((p.extra_data['missing_file_references'] as { path: string }[] | undefined) ?? []).map((r) => r.path),
    }),
  });
}
