/**
 * map_deploy_to_develop on ScanCode.io's own d2d inputs, compared with the results ScanCode.io
 * produced for them after ScanCode.io's test normalization: files (statuses, tags, extra_data,
 * scans), relations (from, to, map_type) and packages. Every difference is listed in
 * d2d-goldens.testing.ts with its reason. D2D_DUMP_DIR=<dir> writes the differences found.
 */
import {
  expectOnlyKnownDifferences, normalizeResults, readScancodeioJson, recordDifferences, scancodeioTestdata, usePipelineHarness, zipBuffer,
  type Difference, type HarnessResult, type JsonObject,
} from '@sca/testing';
import { D2D_KNOWN_DIFFERENCES } from './d2d-goldens.testing';

const harness = usePipelineHarness();


const list = (doc: JsonObject, section: string) => (doc[section] ?? []) as JsonObject[];
const relationKey = (r: JsonObject) => `${String(r.from_resource)} -> ${String(r.to_resource)} (${String(r.map_type)})`;

function ourSections(r: HarnessResult): JsonObject {
  return JSON.parse(JSON.stringify({ packages: r.packages, dependencies: r.dependencies, files: r.resources, relations: r.relations })) as JsonObject;
}

function d2dDifferences(g: JsonObject, n: JsonObject): Difference[] {
  return [
    ...recordDifferences('packages', list(g, 'packages'), list(n, 'packages'), (p) => `${String(p.type)} ${String(p.declared_license_expression)}`),
    ...recordDifferences('files', list(g, 'files'), list(n, 'files'), (f) => String(f.path)),
    ...recordDifferences('relations', list(g, 'relations'), list(n, 'relations'), relationKey),
  ];
}

const CASES: [string, string[], string[], string][] = [
  ['flume', ['d2d', 'jars', 'from-flume-ng-node-1.9.0.zip'], ['d2d', 'jars', 'to-flume-ng-node-1.9.0.zip'], 'd2d/flume-ng-node-d2d.json'],
  ['about-files', ['d2d', 'about_files', 'from-with-about-file.zip'], ['d2d', 'about_files', 'to-with-jar.zip'], 'd2d/about_files/expected.json'],
];

describe.each(CASES)('map_deploy_to_develop:Java on ScanCode.io\'s %s inputs', (area, from, to, goldenFile) => {
  let r: HarnessResult;
  let golden: JsonObject;
  beforeAll(async () => {
    golden = readScancodeioJson<JsonObject>(...goldenFile.split('/'));
    r = await harness().run({ pipeline: 'map_deploy_to_develop', groups: ['Java'], inputs: [scancodeioTestdata(...from), scancodeioTestdata(...to)] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 120_000);

  it('makes ScanCode.io\'s relations, statuses and packages', () => {
    const found = d2dDifferences(normalizeResults(golden), normalizeResults(ourSections(r)));
    expectOnlyKnownDifferences(area, found, D2D_KNOWN_DIFFERENCES, process.env['D2D_DUMP_DIR']);
  });

  it('records the messages ScanCode.io records', () => {
    const theirs = ((golden.headers as JsonObject[])[0]['messages'] as JsonObject[]).map((m) => [m.severity, m.model, m.details]);
    expect(r.messages.map((m) => [m.severity, m.model, m.details])).toEqual(theirs);
  });

  it('leaves every resource with a status', () => {
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  });
});

describe('map_deploy_to_develop inputs', () => {
  it('fails with a clear error when a side is missing', async () => {
    const r = await harness().run({ pipeline: 'map_deploy_to_develop', inputs: [scancodeioTestdata('d2d', 'jars', 'from-flume-ng-node-1.9.0.zip')] });
    expect(r.status).toBe('failure');
    expect(r.taskOutput).toContain('to* input files not found.');
  }, 60_000);

  it('takes the sides from the input tags, and maps inner classes to their outer source', async () => {
    const sources = await zipBuffer({ 'src/main/java/org/example/Baz.java': 'package org.example;\n\nclass Baz { class Inner {} }\n' });
    const jar = await zipBuffer({ 'org/example/Baz.class': 'compiled Baz', 'org/example/Baz$Inner.class': 'compiled Baz.Inner' });
    const release = await zipBuffer({ 'app.jar': jar });
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop',
      groups: ['Java'],
      inputs: [{ name: 'sources.zip', content: sources, tag: 'from' }, { name: 'release.zip', content: release, tag: 'to' }],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.relations.map((x) => [x.from_resource, x.to_resource, x.map_type])).toEqual([
      ['from/src/main/java', 'to/app.jar', 'jar_to_source'],
      ['from/src/main/java/org/example/Baz.java', 'to/app.jar-extract/org/example/Baz$Inner.class', 'java_to_class'],
      ['from/src/main/java/org/example/Baz.java', 'to/app.jar-extract/org/example/Baz.class', 'java_to_class'],
    ]);
  }, 60_000);
});

describe('map_deploy_to_develop on ScanCode.io\'s Python and Ruby pairs', () => {
  const count = (r: HarnessResult, mapType: string) => r.relations.filter((x) => x.map_type === mapType).length;

  it('relates the Cython source to the extension module that holds its functions (Python)', async () => {
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['Python'],
      inputs: [scancodeioTestdata('d2d-python', 'from-intbitset.tar.gz'), scancodeioTestdata('d2d-python', 'to-intbitset.whl')],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.relations.filter((x) => x.map_type === 'python_pyx_match').map((x) => [x.from_resource, x.to_resource])).toEqual([
      ['from/from-intbitset/intbitset.pyx', 'to/to-intbitset/intbitset.cpython-313-x86_64-linux-gnu.so'],
    ]);
  }, 120_000);

  it('maps the gem\'s files by sha1 and ignores its metadata (Ruby)', async () => {
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['Ruby'],
      inputs: [scancodeioTestdata('d2d-ruby', 'from-sentry-ruby-5.22.1.zip'), scancodeioTestdata('d2d-ruby', 'to-sentry-delayed_job-5.22.1.gem')],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(count(r, 'sha1')).toBe(39);
    const toFiles = r.resources.filter((x) => x.tag === 'to' && x.type === 'file');
    expect(toFiles.filter((x) => x.status === 'requires-review')).toEqual([]);
    expect(toFiles.filter((x) => x.status === 'ignored-from-config').map((x) => x.path)).toEqual([
      'to/checksums.yaml.gz', 'to/checksums.yaml.gz-extract/checksums.yaml', 'to/metadata.gz', 'to/metadata.gz-extract/metadata',
    ]);
    expect(toFiles.filter((x) => x.path.startsWith('to/data.tar.gz-extract/')).every((x) => x.status === 'mapped')).toBe(true);
  }, 120_000);
});
