/**
 * map_deploy_to_develop:Java on a real Java library from Debian: the binary package's .deb (the
 * deployed side, with its jar) against its upstream source tarball (the development side). The
 * expected relations are derived here from the two archives themselves, with tar, dpkg-deb and
 * unzip, not from what the pipeline wrote.
 */
import { classesWithSource, debianSourcePair, javaPairReference, sourceOfClass, usePipelineHarness, type HarnessResult, type JavaPairReference } from '@sca/testing';

const harness = usePipelineHarness({ scan: { processes: 2 } });
const PACKAGE = 'libcommons-lang3-java';
const SOURCE_ROOT = 'src/main/java/';

describe(`map_deploy_to_develop:Java on Debian's ${PACKAGE}`, () => {
  let r: HarnessResult;
  let expected: JavaPairReference & { top: string };
  beforeAll(async () => {
    const pair = debianSourcePair(PACKAGE);
    const ref = javaPairReference(pair);
    expected = { ...ref, top: ref.sources[0].split('/')[0] };
    r = await harness().run({ pipeline: 'map_deploy_to_develop', groups: ['Java'], inputs: [{ path: pair.orig, tag: 'from' }, { path: pair.deb, tag: 'to' }] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 600_000);

  const deployedJar = () => `to/data.tar.xz-extract/${expected.jar}`;

  it('relates every class whose source is in the tarball to that source, inner classes included', () => {
    const withSource = classesWithSource(expected);
    expect(withSource.length).toBeGreaterThan(300);
    expect(withSource.some((c) => c.includes('$'))).toBe(true);
    const related = new Set(r.relations.filter((x) => x.map_type === 'java_to_class').map((x) => `${x.from_resource} -> ${x.to_resource}`));
    const missing = withSource.filter((c) => !related.has(`from/${expected.top}/${SOURCE_ROOT}${sourceOfClass(c)} -> ${deployedJar()}-extract/${c}`));
    expect(missing).toEqual([]);
  });

  it('relates the jar to its source root, once', () => {
    const jarToSource = r.relations.filter((x) => x.map_type === 'jar_to_source');
    expect(jarToSource.map((x) => [x.from_resource, x.to_resource])).toEqual([[`from/${expected.top}/src/main/java`, deployedJar()]]);
  });

  it('leaves nothing to review that has a source file', () => {
    const review = r.resources.filter((x) => x.status === 'requires-review').map((x) => x.path);
    const prefix = `${deployedJar()}-extract/`;
    const withSource = new Set(classesWithSource(expected));
    expect(review.filter((p) => p.startsWith(prefix) && withSource.has(p.slice(prefix.length)))).toEqual([]);
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  });
});
