/**
 * inspect_packages and resolve_dependencies on ScanCode.io's `resolved_dependencies_*.zip` inputs,
 * compared with the results ScanCode.io's tests hold them to (scanpipe/tests/test_pipelines.py:
 * the StaticResolver group; `sort_dependencies` for cocoapods and nuget) after ScanCode.io's
 * normalization: packages, dependencies and files (statuses, for_packages, package_data) field
 * by field. Every difference found is listed in packages-goldens.testing.ts with its reason; an
 * unlisted difference, or a listed one that is gone, fails. PACKAGES_DUMP_DIR=<dir> writes the
 * differences found.
 */
import { readFileSync } from 'node:fs';
import {
  expectOnlyKnownDifferences, normalizeResults, readScancodeioJson, resultsSections, scancodeioTestdata, sortDependencies, usePipelineHarness,
  type HarnessInput, type HarnessResult, type JsonObject,
} from '@sca/testing';
import { sectionsDifferences } from './packages-goldens-compare.testing';
import { PACKAGES_KNOWN_DIFFERENCES } from './packages-goldens.testing';

const harness = usePipelineHarness();

interface ResolveCase {
  area: string;
  pipeline: 'inspect_packages' | 'resolve_dependencies';
  input: HarnessInput;
  golden: string;
  /** ScanCode.io's `sort_dependencies=True`. */
  sortDependencies: boolean;
  /** What ScanCode.io's test counts: resources, packages, dependencies (before sort_dependencies), but for pip's listed duplicates. */
  counts: [number, number, number];
}

const zip = (name: string) => scancodeioTestdata('dependencies', name);

const CASES: ResolveCase[] = [
  { area: 'inspect-npm', pipeline: 'inspect_packages', input: zip('resolved_dependencies_npm.zip'), golden: 'resolved_dependencies_npm_inspect_packages.json', sortDependencies: false, counts: [4, 7, 6] },
  { area: 'inspect-poetry', pipeline: 'inspect_packages', input: zip('resolved_dependencies_poetry.zip'), golden: 'resolved_dependencies_poetry_inspect_packages.json', sortDependencies: false, counts: [5, 6, 10] },
  // The swift golden is an earlier npm golden: the npm input under the name resolved_dependencies.zip
  // (ScanCode.io has no test for it); it is held to what it was made from. The swift input itself
  // is tested below.
  {
    area: 'inspect-swift-golden', pipeline: 'inspect_packages', input: { name: 'resolved_dependencies.zip', content: readFileSync(zip('resolved_dependencies_npm.zip')) },
    golden: 'resolved_dependencies_swift_inspect_packages.json', sortDependencies: false, counts: [4, 7, 6],
  },
  { area: 'resolve-cocoapods', pipeline: 'resolve_dependencies', input: zip('resolved_dependencies_cocoapods.zip'), golden: 'resolved_dependencies_cocoapods.json', sortDependencies: true, counts: [3, 25, 30] },
  { area: 'resolve-nuget', pipeline: 'resolve_dependencies', input: zip('resolved_dependencies_nuget.zip'), golden: 'resolved_dependencies_nuget.json', sortDependencies: true, counts: [3, 34, 108] },
  // ScanCode.io counts 4 packages and 17 dependencies: it creates the main package twice and its
  // dependencies three times (listed in packages-goldens.testing.ts); the service once each.
  { area: 'resolve-pip', pipeline: 'resolve_dependencies', input: zip('resolved_dependencies_pip.zip'), golden: 'resolved_dependencies_pip.json', sortDependencies: false, counts: [3, 3, 7] },
];

describe.each(CASES.map((c) => [c.area, c] as const))('%s', (_area, c) => {
  let r: HarnessResult;
  let ours: JsonObject;
  beforeAll(async () => {
    r = await harness().run({ pipeline: c.pipeline, groups: ['StaticResolver'], inputs: [c.input] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    ours = await resultsSections(harness().db, r.projectUuid);
  }, 120_000);

  it('creates the records ScanCode.io counts', () => {
    expect([r.resources.length, r.packages.length, r.dependencies.length]).toEqual(c.counts);
  });

  it('writes the packages, dependencies and files of ScanCode.io\'s results', () => {
    const normalize = (doc: JsonObject) => (c.sortDependencies ? sortDependencies(normalizeResults(doc)) : normalizeResults(doc));
    const golden = normalize(readScancodeioJson<JsonObject>('dependencies', c.golden));
    expectOnlyKnownDifferences(c.area, sectionsDifferences(golden, normalize(ours)), PACKAGES_KNOWN_DIFFERENCES, process.env['PACKAGES_DUMP_DIR']);
  });

  it('records no message', () => {
    expect(r.messages.map((m) => [m.severity, m.model, m.description])).toEqual([]);
  });
});

/**
 * The swift input itself has no golden (the file ScanCode.io names after it is the npm one, held
 * above): inspect_packages reads its swift-show-dependencies.deplock as ScanCode's handler does,
 * the root package with its two direct dependencies, each of the 28 nodes of the graph a locked
 * package with its own direct dependencies.
 */
describe('inspect_packages on resolved_dependencies_swift.zip (no golden)', () => {
  it('creates the root package, the 28 locked packages of the graph and their direct dependencies', async () => {
    const r = await harness().run({ pipeline: 'inspect_packages', groups: ['StaticResolver'], inputs: [zip('resolved_dependencies_swift.zip')] });
    expect([r.status, r.taskOutput, r.messages]).toEqual(['success', '', []]);
    const root = r.packages.find((p) => p.purl === 'pkg:swift/VercelUI');
    expect(root).toMatchObject({ type: 'swift', name: 'VercelUI', datasource_ids: ['swift_package_show_dependencies'], datafile_paths: ['resolved_dependencies_swift.zip-extract/swift-show-dependencies.deplock'] });
    const locked = r.packages.filter((p) => p !== root);
    expect(locked).toHaveLength(28);
    expect(locked.every((p) => p.is_virtual && p.datafile_paths.length === 0 && p.datasource_ids[0] === 'swift_package_show_dependencies')).toBe(true);
    const purlOf = (uid: string | null) => r.packages.find((p) => p.package_uid === uid)?.purl;
    const ofRoot = r.dependencies.filter((d) => d.for_package_uid === root?.package_uid).map((d) => [d.purl, purlOf(d.resolved_to_package_uid)]);
    expect(ofRoot.sort()).toEqual([
      ['pkg:swift/github.com/TokamakUI/Tokamak@0.11.1', 'pkg:swift/github.com/TokamakUI/Tokamak@0.11.1'],
      ['pkg:swift/github.com/swift-cloud/Vercel@1.15.2', 'pkg:swift/github.com/swift-cloud/Vercel@1.15.2'],
    ]);
    const vapor = r.packages.find((p) => p.purl === 'pkg:swift/github.com/vapor/vapor@4.79.0');
    expect(r.dependencies.filter((d) => d.for_package_uid === vapor?.package_uid).length).toBeGreaterThan(0);
    expect(r.dependencies.every((d) => d.resolved_to_package_uid !== null)).toBe(true);
    const deplock = r.resources.find((x) => x.name === 'swift-show-dependencies.deplock');
    expect([deplock?.status, deplock?.for_packages.length]).toEqual(['application-package', 29]);
  }, 120_000);
});
