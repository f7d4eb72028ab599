/** Test support for the maven, gradle, nuget and golang specs (see ../fixture-codebase.testing). */
import type { AssemblyContext, CodebaseView } from '../assembly';
import type { DatafileHandler } from '../handler';
import { assembleFixture as assembleWith, fixtureCodebase } from '../fixture-codebase.testing';

export { assemblySummary } from '../fixture-codebase.testing';

export function fixtureView(root: string, handlers: readonly DatafileHandler[], prefix = ''): CodebaseView {
  return fixtureCodebase(root, handlers, { prefix });
}

export function assembleFixture(root: string, handlers: readonly DatafileHandler[], prefix = ''): AssemblyContext {
  return assembleWith(root, handlers, { prefix });
}
