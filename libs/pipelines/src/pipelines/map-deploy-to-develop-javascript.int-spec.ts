/**
 * map_deploy_to_develop:JavaScript on ScanCode.io's JavaScript pair, and on a bundle built
 * here: the semver package's sources bundled and minified by esbuild with a source map, mapped
 * back to the package's source tree. The expected sources are read from the source map and
 * the files themselves (by content), not from what the pipeline wrote.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { scancodeioTestdata, usePipelineHarness, zipBuffer, type HarnessResult } from '@sca/testing';

const harness = usePipelineHarness();
const ROOT = join(__dirname, '..', '..', '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

/** A zip of a directory's files, under `prefix`. */
function zipDir(dir: string, prefix = ''): Promise<Buffer> {
  return zipBuffer(Object.fromEntries(filesUnder(dir).map((abs) => [`${prefix}${relative(dir, abs)}`, readFileSync(abs)])));
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('hex');
const relations = (r: HarnessResult, mapType: string) => r.relations.filter((x) => x.map_type === mapType).map((x) => [x.from_resource, x.to_resource]).sort();

describe('map_deploy_to_develop:JavaScript on ScanCode.io\'s JavaScript pair', () => {
  let r: HarnessResult;
  beforeAll(async () => {
    const dir = scancodeioTestdata('d2d-javascript');
    r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [{ name: 'from-js.zip', content: await zipDir(join(dir, 'from')) }, { name: 'to-js.zip', content: await zipDir(join(dir, 'to')) }],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 120_000);

  it('maps each minified file and its map to the source the map was made from, by line similarity', () => {
    // The maps name their sources under src/main/resources/…, which from/ does not have: the
    // sha1 pairs need the path too, so the line-similarity fallback matches on the file name.
    expect(r.relations.map((x) => [x.from_resource, x.to_resource, x.map_type, x.score])).toEqual([
      ['from/main.js', 'to/main.js', 'js_compiled', ' diff_ratio: 100.0%'],
      ['from/main.js', 'to/main.js.map', 'js_compiled', ' diff_ratio: 100.0%'],
      ['from/unmain.js', 'to/unmain.js', 'js_compiled', ' diff_ratio: 100.0%'],
      ['from/unmain.js', 'to/unmain.js.map', 'js_compiled', ' diff_ratio: 100.0%'],
    ]);
  });

  it('leaves the map whose source has no directory, and the top-level package.json, to review', () => {
    expect(r.resources.filter((x) => x.status === 'requires-review').map((x) => x.path)).toEqual(['to/no_path_unmain.js.map', 'to/package.json']);
  });
});

describe('map_deploy_to_develop:JavaScript on semver bundled by esbuild', () => {
  let r: HarnessResult;
  let work: string;
  let map: { sources: string[]; sourcesContent: string[] };
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'd2d-esbuild-'));
    const source = join(work, 'semver');
    cpSync(join(ROOT, 'node_modules', 'semver'), source, { recursive: true });
    const out = join(work, 'dist');
    execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(source, 'index.js'), '--bundle', '--minify', '--sourcemap', '--platform=node', `--outfile=${join(out, 'semver.min.js')}`], { cwd: work, stdio: 'pipe' });
    map = JSON.parse(readFileSync(join(out, 'semver.min.js.map'), 'utf8'));
    r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [{ name: 'semver-src.zip', content: await zipDir(source, 'semver/'), tag: 'from' }, { name: 'semver-dist.zip', content: await zipDir(out, 'dist/'), tag: 'to' }],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('relates every source file the bundle was built from to the bundle and to its map', () => {
    const bundled = new Set(map.sourcesContent.map((c) => sha1(c)));
    const sources = filesUnder(join(work, 'semver')).filter((f) => bundled.has(sha1(readFileSync(f)))).map((f) => `from/semver/${relative(join(work, 'semver'), f)}`);
    expect(sources.length).toBeGreaterThan(30);
    const expected = sources.flatMap((s) => [[s, 'to/dist/semver.min.js'], [s, 'to/dist/semver.min.js.map']]).sort();
    expect(relations(r, 'js_compiled')).toEqual(expected);
  });

  it('marks the bundle and its map mapped, and the sources scanned', () => {
    const status = (path: string) => r.resources.find((x) => x.path === path)?.status;
    expect([status('to/dist/semver.min.js'), status('to/dist/semver.min.js.map')]).toEqual(['mapped', 'mapped']);
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  });
});

describe('map_deploy_to_develop:JavaScript by symbols and by strings, on ScanCode.io\'s cesium files', () => {

  it('relates a deployed chunk to its source by the similarity of their symbols', async () => {
    const dir = scancodeioTestdata('d2d-javascript', 'symbols', 'cesium');
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipBuffer({ 'Source/EllipseGeometryLibrary.js': readFileSync(join(dir, 'from_EllipseGeometryLibrary.js')) }) },
        { name: 'to-build.zip', content: await zipBuffer({ 'Build/chunk-CNPP6TQ2.js': readFileSync(join(dir, 'to_chunk-CNPP6TQ2.js')) }) },
      ],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(relations(r, 'javascript_symbols')).toEqual([['from/Source/EllipseGeometryLibrary.js', 'to/Build/chunk-CNPP6TQ2.js']]);
    expect(r.resources.find((x) => x.path === 'to/Build/chunk-CNPP6TQ2.js')?.status).toBe('mapped');
  }, 120_000);

  it('relates a deployed file to its source by their string literals', async () => {
    const dir = scancodeioTestdata('d2d-javascript', 'strings', 'cesium');
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipBuffer({ 'Source/decodeI3S.js': readFileSync(join(dir, 'source-decodeI3S.js')) }) },
        { name: 'to-build.zip', content: await zipBuffer({ 'Build/decodeI3S.js': readFileSync(join(dir, 'deployed-decodeI3S.js')) }) },
      ],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    // The deployed file is minified (decomposed): symbols give nothing, strings relate it.
    expect(r.relations.map((x) => [x.from_resource, x.to_resource, x.map_type])).toEqual([['from/Source/decodeI3S.js', 'to/Build/decodeI3S.js', 'javascript_strings']]);
  }, 120_000);
});


describe('map_deploy_to_develop:JavaScript on third-party node_modules packages', () => {
  it('makes a package of each top-level node_modules package.json, holding the files under it', async () => {
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipBuffer({ 'src/app.js': 'export const a = 1;\n' }) },
        {
          name: 'to-dist.zip',
          content: await zipBuffer({
            'app/node_modules/left-pad/package.json': '{"name": "left-pad", "version": "1.3.0"}',
            'app/node_modules/left-pad/index.js': 'module.exports = leftPad;\n',
            'app/node_modules/left-pad/node_modules/inner/package.json': '{"name": "inner", "version": "2.0.0"}',
            'app/node_modules/@scope/thing/package.json': '{"name": "@scope/thing", "version": "0.1.0"}',
            'app/node_modules/@scope/thing/lib/a.js': 'exports.a = 1;\n',
            'app/node_modules/broken/package.json': '{"name": "broken"}',
            'app/node_modules/broken/x.js': 'exports.x = 1;\n',
          }),
        },
      ],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/%40scope/thing@0.1.0', 'pkg:npm/left-pad@1.3.0']);
    const status = (path: string) => r.resources.find((x) => x.path === `to/app/node_modules/${path}`)?.status;
    expect(['left-pad/index.js', 'left-pad/node_modules/inner/package.json', '@scope/thing/lib/a.js'].map(status)).toEqual(['npm-package-lookup', 'npm-package-lookup', 'npm-package-lookup']);
    // No version: no package, and its files are left to review.
    expect(status('broken/x.js')).toBe('requires-review');
  }, 120_000);
});

describe('map_deploy_to_develop on broken inputs', () => {
  it('records a message for each bad .ABOUT file and source map, and goes on', async () => {
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipBuffer({ 'a.ABOUT': '- not a mapping\n', 'b.ABOUT': 'name: b\nversion: 1\n', 'src/app.js': 'export const a = 1;\n' }) },
        { name: 'to-dist.zip', content: await zipBuffer({ 'dist/app.js': 'const a=1;\n//# sourceMappingURL=app.js.map\n', 'dist/app.js.map': '{"version": 3, "sources": [' }) },
      ],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.messages.map((m) => [m.severity, m.model, m.description.replace(/:.*/, ''), (m.details as { resource_path?: string }).resource_path])).toEqual([
      ['error', 'map_about_files', 'Cannot create package from ABOUT file', 'from/a.ABOUT'],
      ['error', 'map_about_files', 'ABOUT file does not have about_resource', 'from/b.ABOUT'],
      ['warning', 'map_javascript', 'Cannot read source map', 'to/dist/app.js.map'],
    ]);
    expect(r.resources.filter((x) => x.status === '').map((x) => x.path)).toEqual([]);
  }, 120_000);
});
