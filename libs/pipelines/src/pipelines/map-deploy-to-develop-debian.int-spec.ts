/**
 * map_deploy_to_develop:Java on a real Java library from Debian: the binary package's .deb (the
 * deployed side, with its jar) against its upstream source tarball (the development side). The
 * expected relations are derived here from the two archives themselves, with tar, dpkg-deb and
 * unzip, not from what the pipeline wrote.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debianSourcePair, usePipelineHarness, type DebianSourcePair, type HarnessResult } from '@sca/testing';

const harness = usePipelineHarness({ scan: { processes: 2 } });
const PACKAGE = 'libcommons-lang3-java';
const SOURCE_ROOT = 'src/main/java/';

const run = (cmd: string, args: string[], cwd?: string) => execFileSync(cmd, args, { cwd, maxBuffer: 64 << 20 }).toString();

/** The .class entries of the package's jar, and the jar's path inside the .deb. */
function jarClasses(deb: string): { jar: string; classes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'deb-jar-'));
  try {
    // The regular file (the versioned names are symlinks to it).
    const files = run('dpkg-deb', ['-c', deb]).split('\n').filter((l) => l.startsWith('-')).map((l) => l.replace(/^.*\s\.\//, ''));
    const jar = files.find((p) => /^usr\/share\/java\/[^/]+\.jar$/.test(p));
    if (!jar) throw new Error(`no jar in ${deb}: ${files.join(', ')}`);
    run('dpkg-deb', ['-x', deb, dir]);
    return { jar, classes: run('unzip', ['-Z1', join(dir, jar)]).split('\n').filter((e) => e.endsWith('.class')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The .java files of the source tarball under src/main/java/, relative to it, and the tarball's top directory. */
function mainSources(orig: string): { top: string; sources: Set<string> } {
  const entries = run('tar', ['-tf', orig]).split('\n').filter(Boolean);
  const top = entries[0].split('/')[0];
  const prefix = `${top}/${SOURCE_ROOT}`;
  return { top, sources: new Set(entries.filter((e) => e.startsWith(prefix) && e.endsWith('.java')).map((e) => e.slice(prefix.length))) };
}

/** `a/B$1.class` -> `a/B.java`. */
const sourceOf = (classPath: string) => classPath.replace(/\$.*$|\.class$/, '') + '.java';

describe(`map_deploy_to_develop:Java on Debian's ${PACKAGE}`, () => {
  let pair: DebianSourcePair;
  let r: HarnessResult;
  let expected: { jar: string; classes: string[]; top: string; sources: Set<string> };
  beforeAll(async () => {
    pair = debianSourcePair(PACKAGE);
    expected = { ...jarClasses(pair.deb), ...mainSources(pair.orig) };
    r = await harness().run({ pipeline: 'map_deploy_to_develop', groups: ['Java'], inputs: [{ path: pair.orig, tag: 'from' }, { path: pair.deb, tag: 'to' }] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 600_000);

  const deployedJar = () => `to/data.tar.xz-extract/${expected.jar}`;

  it('relates every class whose source is in the tarball to that source, inner classes included', () => {
    const withSource = expected.classes.filter((c) => expected.sources.has(sourceOf(c)));
    expect(withSource.length).toBeGreaterThan(300);
    expect(withSource.some((c) => c.includes('$'))).toBe(true);
    const related = new Set(r.relations.filter((x) => x.map_type === 'java_to_class').map((x) => `${x.from_resource} -> ${x.to_resource}`));
    const missing = withSource.filter((c) => !related.has(`from/${expected.top}/${SOURCE_ROOT}${sourceOf(c)} -> ${deployedJar()}-extract/${c}`));
    expect(missing).toEqual([]);
  });

  it('relates the jar to its source root, once', () => {
    const jarToSource = r.relations.filter((x) => x.map_type === 'jar_to_source');
    expect(jarToSource.map((x) => [x.from_resource, x.to_resource])).toEqual([[`from/${expected.top}/src/main/java`, deployedJar()]]);
  });

  it('leaves nothing to review that has a source file', () => {
    const review = r.resources.filter((x) => x.status === 'requires-review').map((x) => x.path);
    const prefix = `${deployedJar()}-extract/`;
    const withSource = review.filter((p) => p.startsWith(prefix) && p.endsWith('.class') && expected.sources.has(sourceOf(p.slice(prefix.length))));
    expect(withSource).toEqual([]);
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  });
});
