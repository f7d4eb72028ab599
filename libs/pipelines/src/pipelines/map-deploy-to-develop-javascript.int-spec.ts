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
import { ZipFile } from 'yazl';
import { scancodeioTestdata, usePipelineHarness, type HarnessResult } from '@sca/testing';

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
  const zip = new ZipFile();
  for (const abs of filesUnder(dir)) zip.addFile(abs, `${prefix}${relative(dir, abs)}`);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
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
  const zipOfFiles = (files: Record<string, string>) => {
    const zip = new ZipFile();
    for (const [name, path] of Object.entries(files)) zip.addFile(path, name);
    zip.end();
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    });
  };

  it('relates a deployed chunk to its source by the similarity of their symbols', async () => {
    const dir = scancodeioTestdata('d2d-javascript', 'symbols', 'cesium');
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipOfFiles({ 'Source/EllipseGeometryLibrary.js': join(dir, 'from_EllipseGeometryLibrary.js') }) },
        { name: 'to-build.zip', content: await zipOfFiles({ 'Build/chunk-CNPP6TQ2.js': join(dir, 'to_chunk-CNPP6TQ2.js') }) },
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
        { name: 'from-src.zip', content: await zipOfFiles({ 'Source/decodeI3S.js': join(dir, 'source-decodeI3S.js') }) },
        { name: 'to-build.zip', content: await zipOfFiles({ 'Build/decodeI3S.js': join(dir, 'deployed-decodeI3S.js') }) },
      ],
    });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    // The deployed file is minified (decomposed): symbols give nothing, strings relate it.
    expect(r.relations.map((x) => [x.from_resource, x.to_resource, x.map_type])).toEqual([['from/Source/decodeI3S.js', 'to/Build/decodeI3S.js', 'javascript_strings']]);
  }, 120_000);
});

describe('map_deploy_to_develop on broken inputs', () => {
  it('records a message for each bad .ABOUT file and source map, and goes on', async () => {
    const zipOfTexts = (files: Record<string, string>) => {
      const zip = new ZipFile();
      for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
      zip.end();
      return new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
    };
    const r = await harness().run({
      pipeline: 'map_deploy_to_develop', groups: ['JavaScript'],
      inputs: [
        { name: 'from-src.zip', content: await zipOfTexts({ 'a.ABOUT': '- not a mapping\n', 'b.ABOUT': 'name: b\nversion: 1\n', 'src/app.js': 'export const a = 1;\n' }) },
        { name: 'to-dist.zip', content: await zipOfTexts({ 'dist/app.js': 'const a=1;\n//# sourceMappingURL=app.js.map\n', 'dist/app.js.map': '{"version": 3, "sources": [' }) },
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
