// Issue 16 benchmark: map_deploy_to_develop through the API on large pairs, at half and at full
// size, with the time from the first upload to the run's end and the runner's peak memory.
// Java: Debian's jars of Guava, jackson-databind and commons-collections4 (half), plus Bouncy Castle (full), zipped as a
// deployed lib/ directory, against their upstream source tarballs. Checked before any time is
// kept: every class of the jars whose source is in the tarballs has a java_to_class relation
// to that source, and every resource ends with a status.
// JavaScript: a web app's bundles, each npm package's sources bundled and minified by esbuild
// with a source map: exceljs (half), plus yaml and semver (full), against the packages' trees.
// Checked: every file whose content a map holds is related js_compiled to the bundle and its map.
const { mkdirSync, openAsBlob, writeFileSync, readFileSync, existsSync } = require('node:fs');
const { basename, join } = require('node:path');
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { cpSync, readdirSync, statSync, rmSync } = require('node:fs');
const { startBenchStack } = require('./lib/bench-stack');
const { withPeakTreeRss } = require('./lib/process-rss');
const { requireTs } = require('./lib/require-ts');
const { assertNoneMissing } = require('./lib/verify');
const { waitForRunEnd } = require('./lib/wait');

const { debianSourcePair } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'debian', 'debian-source-pair.ts'));
const { zipBuffer } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'zip.ts'));
const { javaPairReference, classesWithSource, sourceOfClass } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'debian', 'java-pair-reference.ts'));

const DATA = join(__dirname, '.data', 'd2d');
const HALF = ['libguava-java', 'libjackson2-databind-java', 'libcommons-collections4-java'];
const FULL = [...HALF, 'libbcprov-java'];

/** The deployed side: one zip holding each package's jar under lib/, as a web app's WEB-INF/lib would. */
async function deployedZip(name, packages) {
  const out = join(DATA, `${name}.zip`);
  if (existsSync(out)) return out;
  const entries = {};
  for (const p of packages) {
    const dir = join(DATA, 'debs', p);
    mkdirSync(dir, { recursive: true });
    execFileSync('dpkg-deb', ['-x', debianSourcePair(p).deb, dir]);
    const { jar } = javaPairReference(debianSourcePair(p));
    entries[`lib/${basename(jar)}`] = readFileSync(join(dir, jar));
  }
  writeFileSync(out, await zipBuffer(entries));
  return out;
}

async function upload(bench, path, { name, tag, create }) {
  const form = new FormData();
  if (create) form.set('name', name);
  form.set('upload_file', await openAsBlob(path), basename(path));
  if (tag) form.set('upload_file_tag', tag);
  const res = await fetch(create ? `${bench.baseUrl}/api/projects/` : `${bench.baseUrl}/api/projects/${create === false ? name : ''}/add_input/`, { method: 'POST', body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload of ${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates the project from the inputs, runs the pipeline, and returns the figures and the records. */
async function runPair(bench, label, inputs, groups) {
  const runner = bench.stack.children.get('pipeline-runner').pid;
  const t0 = Date.now();
  const { result, peak } = await withPeakTreeRss({ runner }, async () => {
    const [first, ...rest] = inputs;
    const project = await upload(bench, first.path, { name: `bench d2d ${label} ${Date.now()}`, tag: first.tag, create: true });
    for (const input of rest) await upload(bench, input.path, { name: project.uuid, tag: input.tag, create: false });
    const added = await fetch(`${bench.baseUrl}/api/projects/${project.uuid}/add_pipeline/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pipeline: `map_deploy_to_develop:${groups.join(',')}`, execute_now: true }),
    });
    if (added.status !== 201) throw new Error(`add_pipeline answered ${added.status}: ${await added.text()}`);
    const detail = await (await fetch(`${bench.baseUrl}/api/projects/${project.uuid}/`)).json();
    return { run: await waitForRunEnd(detail.runs[0].url), uuid: project.uuid };
  }, { intervalMs: 100 });
  const seconds = (Date.now() - t0) / 1000;
  if (result.run.status !== 'success') throw new Error(`map_deploy_to_develop ${result.run.status}: ${result.run.task_output}\n${result.run.log}`);
  const get = async (what) => (await fetch(`${bench.baseUrl}/api/projects/${result.uuid}/${what}/`)).json();
  const steps = String(result.run.log).split('\n').filter((l) => / completed in /.test(l)).map((l) => l.replace(/^\S+ \S+ /, ''));
  return { seconds, execution_time: result.run.execution_time, runner_peak_rss_mib: peak.runner, steps, get };
}

/** Every class with a source in the tarballs is related java_to_class to a file of that name; every resource has a status. */
async function verifyJava(run, packages) {
  const [relations, resources] = [await run.get('relations'), await run.get('resources')];
  const javaToClass = relations.filter((r) => r.map_type === 'java_to_class');
  const related = new Set(javaToClass.map((r) => `${r.to_resource.replace(/^.*?\.jar-extract\//, '')} ${r.from_resource.split('/').pop()}`));
  let expected = 0;
  const missing = [];
  for (const p of packages) {
    for (const c of classesWithSource(javaPairReference(debianSourcePair(p)))) {
      expected++;
      if (!related.has(`${c} ${sourceOfClass(c).split('/').pop()}`)) missing.push(`${p}: ${c}`);
    }
  }
  assertNoneMissing('map_deploy_to_develop: classes with a source and no java_to_class relation', missing);
  assertNoneMissing('map_deploy_to_develop: resources without a status', resources.filter((r) => r.status === '').map((r) => r.path));
  const countBy = (items, key) => items.reduce((acc, x) => ({ ...acc, [key(x)]: (acc[key(x)] ?? 0) + 1 }), {});
  return {
    resources: resources.length,
    classes_with_source: expected,
    relations: relations.length,
    relations_by_map_type: countBy(relations, (r) => r.map_type),
    resources_by_status: countBy(resources, (r) => r.status),
  };
}

async function javaSide(bench, label, packages) {
  const inputs = [
    ...packages.map((p) => ({ path: debianSourcePair(p).orig, tag: 'from' })),
    { path: await deployedZip(`deployed-${packages.length}`, packages), tag: 'to' },
  ];
  const run = await runPair(bench, label, inputs, ['Java']);
  const verified = await verifyJava(run, packages);
  return { packages, verified, seconds: run.seconds, execution_time: run.execution_time, runner_peak_rss_mib: run.runner_peak_rss_mib, steps: run.steps };
}

const JS_HALF = [['exceljs', 'excel.js']];
const JS_FULL = [...JS_HALF, ['yaml', 'dist/index.js'], ['semver', 'index.js']];
const ROOT = join(__dirname, '..');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

async function zipOf(dir, out) {
  writeFileSync(out, await zipBuffer(Object.fromEntries(filesUnder(dir).map((abs) => [abs.slice(dir.length + 1), readFileSync(abs)]))));
  return out;
}

/** The packages' trees (from) and their bundles with source maps (to), as two zips. */
async function bundledApp(label, packages) {
  const dir = join(DATA, `js-${label}`);
  rmSync(dir, { recursive: true, force: true });
  const [src, app] = [join(dir, 'src'), join(dir, 'app')];
  for (const [name, entry] of packages) {
    cpSync(join(ROOT, 'node_modules', name), join(src, name), { recursive: true });
    execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(src, name, entry), '--bundle', '--minify', '--sourcemap', '--platform=node', '--packages=external', `--outfile=${join(app, 'dist', `${name}.min.js`)}`, '--log-level=error']);
  }
  return { dir, src, app, from: await zipOf(src, join(dir, 'from-src.zip')), to: await zipOf(app, join(dir, 'to-app.zip')) };
}

const sha1 = (data) => createHash('sha1').update(data).digest('hex');

/** Every source file whose content a bundle's map holds is related js_compiled to the bundle and to its map. */
async function verifyJavascript(run, built, packages) {
  const [relations, resources] = [await run.get('relations'), await run.get('resources')];
  const compiled = new Set(relations.filter((r) => r.map_type === 'js_compiled').map((r) => `${r.from_resource} -> ${r.to_resource}`));
  const missing = [];
  let expected = 0;
  for (const [name] of packages) {
    const map = JSON.parse(readFileSync(join(built.app, 'dist', `${name}.min.js.map`), 'utf8'));
    const bundled = new Set(map.sourcesContent.filter(Boolean).map(sha1));
    for (const f of filesUnder(join(built.src, name)).filter((f) => bundled.has(sha1(readFileSync(f))))) {
      const from = `from/${f.slice(built.src.length + 1)}`;
      for (const to of [`to/dist/${name}.min.js`, `to/dist/${name}.min.js.map`]) {
        expected++;
        if (!compiled.has(`${from} -> ${to}`)) missing.push(`${from} -> ${to}`);
      }
    }
  }
  assertNoneMissing('map_deploy_to_develop: js_compiled relations of the bundled sources', missing);
  assertNoneMissing('map_deploy_to_develop: resources without a status', resources.filter((r) => r.status === '').map((r) => r.path));
  const countBy = (items, key) => items.reduce((acc, x) => ({ ...acc, [key(x)]: (acc[key(x)] ?? 0) + 1 }), {});
  return { resources: resources.length, js_compiled_expected: expected, relations_by_map_type: countBy(relations, (r) => r.map_type), resources_by_status: countBy(resources, (r) => r.status) };
}

async function javascriptSide(bench, label, packages) {
  const built = await bundledApp(label, packages);
  const run = await runPair(bench, `js ${label}`, [{ path: built.from, tag: 'from' }, { path: built.to, tag: 'to' }], ['JavaScript']);
  const verified = await verifyJavascript(run, built, packages);
  return { packages: packages.map(([p]) => p), verified, seconds: run.seconds, execution_time: run.execution_time, runner_peak_rss_mib: run.runner_peak_rss_mib, steps: run.steps };
}

/** D2D_SIDES=java or javascript runs one side only. */
const SIDES = (process.env.D2D_SIDES ?? 'java,javascript').split(',');

async function main() {
  mkdirSync(DATA, { recursive: true });
  if (SIDES.includes('java')) for (const p of FULL) debianSourcePair(p);
  const result = {};
  const bench = await startBenchStack('d2d');
  try {
    if (SIDES.includes('java')) {
      result.java_half = await javaSide(bench, 'java half', HALF);
      result.java_full = await javaSide(bench, 'java full', FULL);
    }
    if (SIDES.includes('javascript')) {
      result.javascript_half = await javascriptSide(bench, 'half', JS_HALF);
      result.javascript_full = await javascriptSide(bench, 'full', JS_FULL);
    }
  } finally {
    await bench.stop();
  }
  const growth = (half, full, size) => ({
    [size]: +(full.verified[size] / half.verified[size]).toFixed(2),
    seconds: +(full.seconds / half.seconds).toFixed(2),
    runner_peak_rss: +(full.runner_peak_rss_mib / half.runner_peak_rss_mib).toFixed(2),
  });
  if (result.java_full) result.java_growth = growth(result.java_half, result.java_full, 'classes_with_source');
  if (result.javascript_full) result.javascript_growth = growth(result.javascript_half, result.javascript_full, 'resources');
  return result;
}

module.exports = { name: 'd2d', main };
