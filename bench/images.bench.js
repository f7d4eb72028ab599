// Issue 15 benchmark: analyze_docker_image through the API on a two-layer image built from a
// debootstrap minbase root and an npm application layer with whiteouts
// (e2e/support/debian-image.ts), side by side with `cdxgen -t docker` on the same archive,
// network lookups off. Checked before any time is kept: every package dpkg-query lists for the
// root, once, with its version; every package of the application's lockfile; every file a
// container of the image sees; no file of a whited-out path.
const { openAsBlob, statSync } = require('node:fs');
const { basename, join, resolve } = require('node:path');
const { startBenchStack } = require('./lib/bench-stack');
const { cdxgenBin, runCdxgen } = require('./lib/cdxgen');
const { withPeakTreeRss } = require('./lib/process-rss');
const { cpuMeter, pidsMatching, untilIdle } = require('./lib/process-cpu');
const { requireTs } = require('./lib/require-ts');
const { assertNoneMissing } = require('./lib/verify');
const { waitForRunEnd } = require('./lib/wait');

const { debianTestImage, hidingWhiteout, layerEntries } = requireTs(join(__dirname, '..', 'e2e', 'support', 'debian-image.ts'));

const DATA = join(__dirname, '.data');
const PIPELINE = 'analyze_docker_image';
const RUNNER_RSS_TARGET_MIB = 1536;
/** What a file scanned for licenses and copyrights ends with: analyze_scanned_files turns `scanned` into the last two. */
const SCANNED_STATUSES = new Set(['scanned', 'scanned-with-error', 'no-licenses', 'unknown-license']);

const npmKey = (name, version) => `${name}@${version}`;
const countBy = (items, key) => items.reduce((acc, x) => ({ ...acc, [key(x)]: (acc[key(x)] ?? 0) + 1 }), {});

/**
 * CPU time of the processes the run goes through, by service, read from /proc: on a shared
 * machine that says where the time went when the wall clock cannot. `s3` is the local S3
 * server the uploads go through, `bench` this process (the upload client, the polling); `postgres` every database backend.
 */
function serviceCpu(bench) {
  return cpuMeter(async () => ({
    ...Object.fromEntries([...bench.stack.children].map(([name, child]) => [name, [child.pid]])),
    s3: [bench.s3Pid],
    bench: [process.pid],
    postgres: pidsMatching('postgres:'),
  }));
}

/**
 * The project's run of the pipeline on the archive, timed from the upload to the run's end, with
 * the runner's peak RSS, the phases outside the pipeline (the upload and project creation until
 * the API answers, the wait until the run starts; from the run's dates, whose clock is this
 * machine's) and the CPU each service spent.
 */
async function analyzeImage(bench, image) {
  const form = new FormData();
  form.set('name', `bench images ${Date.now()}`);
  form.set('pipeline', PIPELINE);
  form.set('execute_now', 'true');
  form.set('upload_file', await openAsBlob(image.tarball), basename(image.tarball));
  const runner = bench.stack.children.get('pipeline-runner').pid;
  const meter = serviceCpu(bench);
  const cpuBefore = await meter.snapshot();
  const t0 = Date.now();
  let created_at = 0;
  const { result, peak } = await withPeakTreeRss({ runner }, async () => {
    const created = await (await fetch(`${bench.baseUrl}/api/projects/`, { method: 'POST', body: form })).json();
    created_at = Date.now();
    if (!created.runs?.[0]) throw new Error(`project not created: ${JSON.stringify(created)}`);
    return { run: await waitForRunEnd(created.runs[0].url), uuid: created.uuid };
  }, { intervalMs: 100 });
  const seconds = (Date.now() - t0) / 1000;
  const cpu_ms = meter.diff(cpuBefore, await meter.snapshot());
  if (result.run.status !== 'success') throw new Error(`${PIPELINE} ${result.run.status}: ${result.run.task_output}\n${result.run.log}`);
  const get = async (what) => (await fetch(`${bench.baseUrl}/api/projects/${result.uuid}/${what}/`)).json();
  const steps = String(result.run.log).split('\n').filter((l) => / completed in /.test(l)).map((l) => l.replace(/^\S+ \S+ /, ''));
  const at = (date) => (date ? +((Date.parse(date) - t0) / 1000).toFixed(2) : null);
  const phases = { api_answered: +((created_at - t0) / 1000).toFixed(2), run_started: at(result.run.task_start_date), run_ended: at(result.run.task_end_date) };
  return { seconds, execution_time: result.run.execution_time, phases, steps, runner_peak_rss_mib: peak.runner, cpu_ms, get };
}

/**
 * Each resource's layer (0 bottom) and path inside it, from the layer directory in its path
 * (`<input>-extract/<layer id>/...`, the layer id being the layer's diff id); null for the
 * resources outside every layer (the input, the image directory).
 */
function layerPlacer(image) {
  const byId = new Map(image.layers.map((l, i) => [l.diffId.replace(/^sha256:/, ''), i]));
  return (path) => {
    const parts = path.split('/');
    const at = parts.findIndex((p) => byId.has(p));
    return at < 0 ? null : { layer: byId.get(parts[at]), path: parts.slice(at + 1).join('/') };
  };
}

/** Throws unless the project holds what the image holds; returns the counts it checked. */
async function verifyProject(run, image) {
  const [resources, packages] = [await run.get('resources'), await run.get('packages')];
  const place = layerPlacer(image);

  // System packages: each of dpkg-query's exactly once, with its version, and nothing else.
  const debs = packages.filter((p) => p.type === 'deb');
  const debsByName = new Map();
  for (const p of debs) debsByName.set(p.name, [...(debsByName.get(p.name) ?? []), p]);
  const debProblems = image.debPackages.flatMap((ref) => {
    const found = debsByName.get(ref.name) ?? [];
    if (found.length !== 1) return [`${ref.name} found ${found.length} times`];
    return found[0].version === ref.version ? [] : [`${ref.name} ${found[0].version}, dpkg-query ${ref.version}`];
  });
  assertNoneMissing(`${PIPELINE}: deb packages of dpkg-query`, debProblems);
  const referenceNames = new Set(image.debPackages.map((p) => p.name));
  assertNoneMissing(`${PIPELINE}: deb packages dpkg-query does not list`, debs.filter((p) => !referenceNames.has(p.name)).map((p) => p.purl));

  // Application packages: the app and every package of its lockfile.
  const npm = packages.filter((p) => p.type === 'npm');
  const npmFound = new Set(npm.map((p) => npmKey(p.namespace ? `${p.namespace}/${p.name}` : p.name, p.version)));
  const npmExpected = [npmKey(image.app.name, image.app.version), ...image.npmPackages.map((p) => npmKey(p.name, p.version))];
  assertNoneMissing(`${PIPELINE}: npm packages of the app's lockfile`, npmExpected.filter((k) => !npmFound.has(k)));

  // Files: every regular file a container sees (and the markers) is a resource of its layer; none that a whiteout hides.
  const files = resources.filter((r) => r.type === 'file');
  const placed = files.map((r) => ({ r, at: place(r.path) }));
  const layerFiles = placed.filter((x) => x.at);
  const seen = new Set(layerFiles.map((x) => `${x.at.layer}:${x.at.path}`));
  const [lower, upper] = layerEntries(image);
  const hidden = new Set(image.whiteouts.flatMap((w) => w.hidden));
  const expected = [
    ...lower.filter((e) => e.type === 'file' && !hidden.has(e.path)).map((e) => `0:${e.path}`),
    ...upper.filter((e) => e.type === 'file').map((e) => `1:${e.path}`),
  ];
  assertNoneMissing(`${PIPELINE}: files of the image`, expected.filter((k) => !seen.has(k)));
  const whitedOut = layerFiles.filter((x) => x.at.layer === 0 && hidingWhiteout(image, x.at.path)).map((x) => x.r.path);
  const underWhitedOutDirs = resources.filter((r) => r.type === 'directory').map((r) => ({ r, at: place(r.path) })).filter((x) => x.at && x.at.layer === 0 && hidingWhiteout(image, x.at.path)).map((x) => x.r.path);
  assertNoneMissing(`${PIPELINE}: resources under whited-out paths (must be none)`, [...whitedOut, ...underWhitedOutDirs]);

  const byStatus = countBy(files, (r) => r.status || '(none)');
  return {
    resources: resources.length,
    files: files.length,
    files_in_layers: layerFiles.length,
    expected_files_found: expected.length,
    files_outside_layers: files.length - layerFiles.length,
    files_by_status: byStatus,
    files_scanned: files.filter((r) => SCANNED_STATUSES.has(r.status)).length,
    files_with_license: files.filter((r) => r.detected_license_expression).length,
    files_with_copyright: files.filter((r) => r.copyrights?.length > 0).length,
    packages: { total: packages.length, ...countBy(packages, (p) => p.type) },
    deb_packages_matching_dpkg_query: image.debPackages.length,
    npm_packages_matching_lockfile: npmExpected.length,
    whited_out_paths_absent: hidden.size,
  };
}

/** cdxgen -t docker on the same archive, and how much of the same reference its BOM holds. */
async function cdxgenOnImage(image) {
  const bin = await cdxgenBin(DATA);
  const out = join(DATA, 'cdxgen-image-bom.json');
  const run = await runCdxgen(bin, ['-t', 'docker', '-o', out, image.tarball]);
  const { stderr, ...figures } = run;
  if (run.status !== 0) return { error: `cdxgen exited ${run.status}: ${stderr}`, ...figures };
  const bom = JSON.parse(require('node:fs').readFileSync(out, 'utf8'));
  const components = bom.components ?? [];
  const purlType = (c) => /^pkg:([^/]+)\//.exec(c.purl ?? '')?.[1] ?? '(no purl)';
  const debRefs = new Set(image.debPackages.map((p) => `${p.name} ${p.version}`));
  const cdxDebs = new Set(components.filter((c) => purlType(c) === 'deb').map((c) => `${c.name} ${c.version}`));
  const npmRefs = image.npmPackages.map((p) => npmKey(p.name, p.version));
  const cdxNpm = new Set(components.filter((c) => purlType(c) === 'npm').map((c) => npmKey(c.group ? `${c.group}/${c.name}` : c.name, c.version)));
  return {
    ...figures,
    components: components.length,
    components_by_purl_type: countBy(components, purlType),
    deb_packages_matching_dpkg_query: [...debRefs].filter((k) => cdxDebs.has(k)).length,
    npm_packages_matching_lockfile: npmRefs.filter((k) => cdxNpm.has(k)).length,
  };
}

function describeImage(image) {
  return {
    tarball_mib: Math.round(statSync(image.tarball).size / (1 << 20)),
    layers: image.layers.map(({ files, directories, symlinks, createdBy }) => ({ files, directories, symlinks, created_by: createdBy })),
    dpkg_query_packages: image.debPackages.length,
    npm_lockfile_packages: image.npmPackages.length,
    whiteouts: image.whiteouts.map((w) => ({ marker: w.marker, hides: w.hidden.length, kept: w.kept.length })),
    visible: image.visible,
  };
}

/** Other work on the machine skews a side: the 1, 5 and 15 minute load averages before it are kept with its figures. */
const loadAverage = () => require('node:os').loadavg().map((l) => +l.toFixed(2));

/**
 * BENCH_IMAGES_PROFILE=<dir> profiles every service (lib/cpu-profile-hook.js) into <dir>, the
 * runner's scan workers too, written when the stack stops; summarize them with
 * lib/profile-summary.js. BENCH_IMAGES_SKIP_CDXGEN=1 leaves cdxgen out (profiling runs only:
 * the comparison needs both sides in one run).
 */
function profilingEnv() {
  const dir = process.env.BENCH_IMAGES_PROFILE;
  if (!dir) return {};
  return { NODE_OPTIONS: `--require ${join(__dirname, 'lib', 'cpu-profile-hook.js')}`, BENCH_CPU_PROFILE_DIR: resolve(dir), BENCH_CPU_PROFILE_SERVICES: process.env.BENCH_IMAGES_PROFILE_SERVICES ?? 'pipeline-runner,api-gateway' };
}

async function main() {
  const image = debianTestImage();
  const result = { image: describeImage(image) };
  // cdxgen first, with the stack not started yet: neither takes the other's cores.
  if (!process.env.BENCH_IMAGES_SKIP_CDXGEN) result.cdxgen = { load_average_before: loadAverage(), ...(await cdxgenOnImage(image)) };
  else result.cdxgen = { error: 'skipped (BENCH_IMAGES_SKIP_CDXGEN)' };
  const bench = await startBenchStack('images', { env: profilingEnv() });
  try {
    // A user's image meets a service that has finished starting: the runner warms a scan pool
    // when it starts (its workers load the engine, libmagic and the license index, seconds of
    // CPU on both cores), which an upload made at once would compete with.
    const stackIdleAfter = await untilIdle([...bench.stack.children.values()].map((c) => c.pid));
    const loadBefore = loadAverage();
    const run = await analyzeImage(bench, image);
    const verified = await verifyProject(run, image);
    result[PIPELINE] = { stack_idle_after_s: stackIdleAfter, load_average_before: loadBefore, verified, seconds: run.seconds, execution_time: run.execution_time, phases: run.phases, steps: run.steps, cpu_ms: run.cpu_ms, files_per_s: Math.round(verified.files / run.seconds), runner_peak_rss_mib: run.runner_peak_rss_mib };
  } finally {
    await bench.stop();
  }
  const service = result[PIPELINE];
  result.targets = {
    cdxgen_seconds_over_service_seconds: result.cdxgen.error ? null : +(result.cdxgen.seconds / service.seconds).toFixed(2),
    faster_than_cdxgen: result.cdxgen.error ? null : service.seconds < result.cdxgen.seconds,
    runner_under_1_5_gib: service.runner_peak_rss_mib < RUNNER_RSS_TARGET_MIB,
  };
  return result;
}

module.exports = { name: 'images', main };
