import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { assembleFixture, assemblySummary } from '../maven/fixture-view.testing';
import { matchingHandlers } from '../recognize';
import { buildGradleHandler } from './build-gradle';
import { gradleLockfileHandler } from './gradle-lockfile';
import { handlers } from './index';

const data = join(__dirname, 'testdata');
const parse = (h: typeof buildGradleHandler, rel: string) => h.parse({ path: rel, content: readFileSync(join(data, rel)) });
const golden = (rel: string) => join(data, `${rel.replace(/\//g, '_')}.expected.json`);

describe('gradle handlers', () => {
  it('match path patterns', () => {
    expect(matchingHandlers('build.gradle', handlers).map((h) => h.datasourceId)).toEqual(['build_gradle']);
    expect(matchingHandlers('app/build.gradle.kts', handlers).map((h) => h.datasourceId)).toEqual(['build_gradle']);
    expect(matchingHandlers('app/gradle.lockfile', handlers).map((h) => h.datasourceId)).toEqual(['gradle_lockfile']);
  });

  it.each(['groovy/build.gradle', 'kotlin/build.gradle.kts'])('parses %s', (rel) => {
    expectGolden(parse(buildGradleHandler, rel), golden(rel));
  });

  it('parses gradle.lockfile', () => {
    expectGolden(parse(gradleLockfileHandler, 'kotlin/gradle.lockfile'), golden('kotlin/gradle.lockfile'));
  });

  it('throws a clear message on broken files', () => {
    expect(() => buildGradleHandler.parse({ path: 'build.gradle', content: Buffer.from("dependencies {\n  api 'a:b:1\n}") })).toThrow(/^invalid build.gradle: /);
    expect(() => buildGradleHandler.parse({ path: 'build.gradle', content: Buffer.from("dependencies {\n  api 'a:b:1'\n") })).toThrow(/^invalid build.gradle: unbalanced/);
    expect(() => gradleLockfileHandler.parse({ path: 'gradle.lockfile', content: Buffer.from('not a lock line\n') })).toThrow(/^invalid gradle.lockfile: /);
  });

  it('keeps build script and lockfile dependencies at project level (no package identity)', () => {
    expectGolden(assemblySummary(assembleFixture(data, handlers)), join(data, 'assembly.expected.json'));
  });
});
