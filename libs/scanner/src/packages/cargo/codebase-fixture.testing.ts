/** Test support for the cargo, gem, composer, cocoapods, swift, dart and hex specs (see ../fixture-codebase.testing). */
import type { CodebaseView } from '../assembly';
import type { DatafileHandler } from '../handler';
import { fixtureCodebase } from '../fixture-codebase.testing';

export { assembleFixture, assemblySummary } from '../fixture-codebase.testing';

export function fixtureView(root: string, handlers: readonly DatafileHandler[]): CodebaseView {
  return fixtureCodebase(root, handlers);
}
