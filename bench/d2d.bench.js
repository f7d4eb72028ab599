// Issue 16 benchmark: map_deploy_to_develop through the API on large pairs, at half and at full
// size, with the time from the first upload to the run's end and the runner's peak memory.
// Java: Debian's jars of Guava, jackson-databind and commons-collections4 (half), plus Bouncy Castle (full), zipped as a
// deployed lib/ directory, against their upstream source tarballs. Checked before any time is
// kept: every class of the jars whose source is in the tarballs has a java_to_class relation
// to that source, and every resource ends with a status.
const { mkdirSync, openAsBlob, writeFileSync, readFileSync, existsSync } = require('node:fs');
const { basename, join } = require('node:path');
const { execFileSync } = require('node:child_process');
const { ZipFile } = require('yazl');
const { startBenchStack } = require('./lib/bench-stack');
const { withPeakTreeRss } = require('./lib/process-rss');
const { requireTs } = require('./lib/require-ts');
const { assertNoneMissing } = require('./lib/verify');
const { waitForRunEnd } = require('./lib/wait');

const { debianSourcePair } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'debian', 'debian-source-pair.ts'));
const { javaPairReference, classesWithSource, sourceOfClass } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'debian', 'java-pair-reference.ts'));

const DATA = join(__dirname, '.data', 'd2d');
const HALF = ['libguava-java', 'libjackson2-databind-java', 'libcommons-collections4-java'];
const FULL = [...HALF, 'libbcprov-java'];

/** The deployed side: one zip holding each package's jar under lib/, as a web app's WEB-INF/lib would. */
async function deployedZip(name, packages) {
  const out = join(DATA, `${name}.zip`);
  if (existsSync(out)) return out;
  const zip = new ZipFile();
  for (const p of packages) {
    const dir = join(DATA, 'debs', p);
    mkdirSync(dir, { recursive: true });
    execFileSync('dpkg-deb', ['-x', debianSourcePair(p).deb, dir]);
    const { jar } = javaPairReference(debianSourcePair(p));
    zip.addBuffer(readFileSync(join(dir, jar)), `lib/${basename(jar)}`);
  }
  zip.end();
  const chunks = [];
  for await (const c of zip.outputStream) chunks.push(c);
  writeFileSync(out, Buffer.concat(chunks));
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

async function main() {
  mkdirSync(DATA, { recursive: true });
  for (const p of FULL) debianSourcePair(p);
  const result = {};
  const bench = await startBenchStack('d2d');
  try {
    result.java_half = await javaSide(bench, 'java half', HALF);
    result.java_full = await javaSide(bench, 'java full', FULL);
  } finally {
    await bench.stop();
  }
  const h = result.java_half;
  const f = result.java_full;
  result.java_growth = {
    classes: +(f.verified.classes_with_source / h.verified.classes_with_source).toFixed(2),
    seconds: +(f.seconds / h.seconds).toFixed(2),
    runner_peak_rss: +(f.runner_peak_rss_mib / h.runner_peak_rss_mib).toFixed(2),
  };
  return result;
}

module.exports = { name: 'd2d', main };
