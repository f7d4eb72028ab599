/**
 * scan_codebase and scan_single_package on ScanCode.io's package inputs (scancode/daglib wheel,
 * asgiref wheel, is-npm tarball, multiple-is-npm tarball), compared after ScanCode.io's
 * normalization with the expected JSON its tests hold them to (scanpipe/tests/test_pipelines.py):
 * - scan_codebase: the results document's packages, dependencies and files (statuses,
 *   for_packages, package_data) field by field (is-npm, daglib; asgiref's scanpipe output is a
 *   scan_codebase run too);
 * - scan_single_package: the toolkit scan it writes to output/ and its summary (is-npm,
 *   multiple-is-npm).
 * The combinations ScanCode.io has no golden for are held to the other pipeline's golden of the
 * same input where the two must agree (packages and dependencies, paths re-rooted). Every
 * difference found is listed in packages-goldens.testing.ts with its reason; an unlisted
 * difference, or a listed one that is gone, fails. PACKAGES_DUMP_DIR=<dir> writes them.
 */
import {
  differences, expectOnlyKnownDifferences, normalizeResults, readScancodeioJson, resultsSections, scancodeioTestdata, usePipelineHarness,
  type Difference, type HarnessResult, type JsonObject,
} from '@sca/testing';
import { commonFields, reRooted, sectionsDifferences } from './packages-goldens-compare.testing';
import { PACKAGES_KNOWN_DIFFERENCES } from './packages-goldens.testing';

const harness = usePipelineHarness();
const expectOnlyKnown = (area: string, found: Difference[]) => expectOnlyKnownDifferences(area, found, PACKAGES_KNOWN_DIFFERENCES, process.env['PACKAGES_DUMP_DIR']);

const INPUTS = {
  'is-npm': ['scancode', 'is-npm-1.0.0.tgz'],
  'multiple-is-npm': ['scancode', 'multiple-is-npm-1.0.0.tar.gz'],
  daglib: ['scancode', 'daglib-0.6.0-py3-none-any.whl'],
  asgiref: ['asgiref', 'asgiref-3.3.0-py3-none-any.whl'],
} as const;

/** The newest `<prefix>*.json` of output/, as ScanCode.io's get_latest_output gives it. */
function latestOutput(r: HarnessResult, prefix: string): JsonObject {
  const name = Object.keys(r.outputs).filter((n) => n.startsWith(prefix) && n.endsWith('.json')).sort().at(-1);
  if (!name) throw new Error(`no ${prefix}*.json in output/: ${Object.keys(r.outputs).join(', ')}`);
  return JSON.parse(r.outputs[name].toString('utf8')) as JsonObject;
}

describe.each([
  ['is-npm', 'scancode/is-npm-1.0.0_scan_codebase.json', [6, 1, 1]],
  ['daglib', 'scancode/daglib-0.6.0-py3-none-any.whl_scan_codebase.json', [11, 2, 8]],
  ['asgiref', 'asgiref/asgiref-3.3.0_scanpipe_output.json', [18, 2, 4]],
] as const)('scan_codebase on %s', (input, goldenFile, counts) => {
  let r: HarnessResult;
  let ours: JsonObject;
  beforeAll(async () => {
    r = await harness().run({ pipeline: 'scan_codebase', inputs: [scancodeioTestdata(...INPUTS[input])] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    ours = await resultsSections(harness().db, r.projectUuid);
  }, 180_000);

  it('creates the records ScanCode.io counts', () => {
    expect([r.resources.length, r.packages.length, r.dependencies.length]).toEqual([...counts]);
  });

  it('writes the packages, dependencies and files of ScanCode.io\'s results', () => {
    const golden = normalizeResults(readScancodeioJson<JsonObject>(...goldenFile.split('/')));
    expectOnlyKnown(`codebase-${input}`, sectionsDifferences(golden, normalizeResults(ours)));
  });
});

describe.each([
  ['is-npm', 'is-npm-1.0.0', [4, 1, 1]],
  ['multiple-is-npm', 'multiple-is-npm-1.0.0', [9, 2, 2]],
] as const)('scan_single_package on %s', (input, goldenStem, counts) => {
  let r: HarnessResult;
  beforeAll(async () => {
    r = await harness().run({ pipeline: 'scan_single_package', inputs: [scancodeioTestdata(...INPUTS[input])] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 180_000);

  it('creates the records ScanCode.io counts', () => {
    expect([r.resources.length, r.packages.length, r.dependencies.length]).toEqual([...counts]);
  });

  it('writes the toolkit scan of ScanCode.io\'s golden', () => {
    const golden = normalizeResults(readScancodeioJson<JsonObject>('scancode', `${goldenStem}_scan_package.json`));
    const ours = normalizeResults(latestOutput(r, 'scancode-'));
    const { packages: _gp, dependencies: _gd, files: _gf, ...goldenRest } = golden;
    const { packages: _op, dependencies: _od, files: _of, ...oursRest } = ours;
    expectOnlyKnown(`package-${input}`, [...differences(goldenRest, oursRest, 'scan'), ...sectionsDifferences(golden, ours)]);
  });

  it('writes the summary of ScanCode.io\'s golden', () => {
    const golden = normalizeResults(readScancodeioJson<JsonObject>('scancode', `${goldenStem}_scan_package_summary.json`));
    expectOnlyKnown(`summary-${input}`, differences(golden, normalizeResults(latestOutput(r, 'summary-')), 'summary'));
  });
});

/**
 * The combinations ScanCode.io has no golden for, held to the golden of the other pipeline on
 * the same input, where both must give the same packages and dependencies:
 * - scan_single_package of a wheel extracts it in codebase/ (no wheel file, so only the
 *   METADATA package); its records are scan_codebase's METADATA records without the
 *   `<wheel>-extract/` prefix;
 * - scan_codebase of multiple-is-npm gives the packages of its toolkit scan golden under
 *   `<tarball>-extract/` instead of `codebase/`, compared on the fields a toolkit scan and a
 *   ScanCode.io record both carry (the toolkit's null is the record's '').
 */
describe.each([
  ['daglib', 'scancode/daglib-0.6.0-py3-none-any.whl_scan_codebase.json', 'daglib-0.6.0-py3-none-any.whl-extract/'],
  ['asgiref', 'asgiref/asgiref-3.3.0_scanpipe_output.json', 'asgiref-3.3.0-py3-none-any.whl-extract/'],
] as const)('scan_single_package on %s, held to its scan_codebase golden', (input, goldenFile, extractDir) => {
  it('gives the packages and dependencies of scan_codebase\'s METADATA', async () => {
    const r = await harness().run({ pipeline: 'scan_single_package', inputs: [scancodeioTestdata(...INPUTS[input])] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    const full = normalizeResults(readScancodeioJson<JsonObject>(...goldenFile.split('/')));
    const inExtract = (path: unknown) => String(path).startsWith(extractDir);
    const golden = reRooted({
      packages: (full.packages as JsonObject[]).filter((p) => inExtract((p.datafile_paths as string[])[0])),
      dependencies: (full.dependencies as JsonObject[]).filter((d) => inExtract(d.datafile_path)),
    }, extractDir, '');
    const { packages, dependencies } = normalizeResults(await resultsSections(harness().db, r.projectUuid));
    expectOnlyKnown(`package-${input}-records`, sectionsDifferences(golden, { packages, dependencies }));
  }, 180_000);
});

describe('scan_codebase on multiple-is-npm, held to its scan_single_package golden', () => {
  it('gives the packages and dependencies of the toolkit scan', async () => {
    const r = await harness().run({ pipeline: 'scan_codebase', inputs: [scancodeioTestdata(...INPUTS['multiple-is-npm'])] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect([r.resources.length, r.packages.length, r.dependencies.length]).toEqual([11, 2, 2]);
    const scan = reRooted(normalizeResults(readScancodeioJson<JsonObject>('scancode', 'multiple-is-npm-1.0.0_scan_package.json')), 'codebase/', 'multiple-is-npm-1.0.0.tar.gz-extract/');
    const ours = normalizeResults(await resultsSections(harness().db, r.projectUuid));
    const [goldenPackages, ourPackages] = commonFields(scan.packages as JsonObject[], ours.packages as JsonObject[]);
    const [goldenDependencies, ourDependencies] = commonFields(scan.dependencies as JsonObject[], ours.dependencies as JsonObject[]);
    const found = sectionsDifferences({ packages: goldenPackages, dependencies: goldenDependencies }, { packages: ourPackages, dependencies: ourDependencies });
    expectOnlyKnown('codebase-multiple-is-npm', found);
  }, 180_000);
});
