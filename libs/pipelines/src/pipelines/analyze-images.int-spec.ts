/**
 * analyze_docker_image and analyze_root_filesystem_or_vm_image on ScanCode.io's own inputs,
 * compared with the results ScanCode.io produced for them after ScanCode.io's normalization:
 * files, packages, dependencies and the project's extra_data. Every difference found is listed
 * in image-goldens.ts with its reason; an unlisted difference, or a listed one that is gone,
 * fails. IMAGES_DUMP_DIR=<dir> writes the differences found.
 */
import {
  differences, expectOnlyKnownDifferences, normalizeResults, readScancodeioJson, recordDifferences, scancodeioTestdata, usePipelineHarness,
  type Difference, type HarnessResult, type Json, type JsonObject,
} from '@sca/testing';
import { IMAGE_KNOWN_DIFFERENCES } from './image-goldens.testing';

const harness = usePipelineHarness();

interface Golden extends JsonObject {
  headers: JsonObject[];
  files: JsonObject[];
  packages: JsonObject[];
  dependencies: JsonObject[];
}

/** Our records as a results document's sections (symlinks are left out of every output). */
function ourSections(r: HarnessResult): JsonObject {
  const files = r.resources.filter((x) => x.type !== 'symlink');
  return JSON.parse(JSON.stringify({ packages: r.packages, dependencies: r.dependencies, files })) as JsonObject;
}

const list = (doc: JsonObject, section: string) => (doc[section] ?? []) as JsonObject[];

function recordsDifferences(g: JsonObject, n: JsonObject): Difference[] {
  return [
    ...recordDifferences('packages', list(g, 'packages'), list(n, 'packages'), (p) => String(p.purl)),
    ...recordDifferences('dependencies', list(g, 'dependencies'), list(n, 'dependencies'), (d) => String(d.dependency_uid)),
    ...recordDifferences('files', list(g, 'files'), list(n, 'files'), (f) => String(f.path)),
  ];
}

const CASES: [string, string, string[], string][] = [
  ['analyze_docker_image', 'alpine', ['docker', 'alpine_3_15_4.tar.gz'], 'docker/alpine_3_15_4_scan_codebase.json'],
  ['analyze_docker_image', 'debian', ['docker', 'debian.tar.gz'], 'docker/debian_scan_codebase.json'],
  ['analyze_docker_image', 'minitag', ['image-with-symlinks', 'minitag.tar'], 'image-with-symlinks/minitag.tar-expected-scan.json'],
  ['analyze_root_filesystem_or_vm_image', 'basic-rootfs', ['rootfs', 'basic-rootfs.tar.gz'], 'rootfs/basic-rootfs_root_filesystems.json'],
];

describe.each(CASES)('%s on ScanCode.io\'s %s input', (pipeline, area, input, goldenFile) => {
  let r: HarnessResult;
  let golden: Golden;
  beforeAll(async () => {
    golden = readScancodeioJson<Golden>(...goldenFile.split('/'));
    r = await harness().run({ pipeline, inputs: [scancodeioTestdata(...input)] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 120_000);

  it('writes the files, packages and dependencies of ScanCode.io\'s results', () => {
    const found = recordsDifferences(normalizeResults(golden), normalizeResults(ourSections(r)));
    expectOnlyKnownDifferences(area, found, IMAGE_KNOWN_DIFFERENCES, process.env['IMAGES_DUMP_DIR']);
  });

  it('stores the images or root filesystems in the project\'s extra_data', () => {
    const theirs = golden.headers[0]['extra_data'] as JsonObject;
    const found = differences(theirs as Json, r.extraData as Json, 'extra_data');
    expectOnlyKnownDifferences(`${area}-extra`, found, IMAGE_KNOWN_DIFFERENCES, process.env['IMAGES_DUMP_DIR']);
  });

  it('records the messages ScanCode.io records', () => {
    const theirs = (golden.headers[0]['messages'] as JsonObject[]).map((m) => [m.severity, m.model]);
    expect(r.messages.map((m) => [m.severity, m.model])).toEqual(theirs);
  });

  it('leaves every resource with a status', () => {
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  });
});
