// Issue 17 benchmark: files per second through clamd (Debian's clamav-daemon, the test
// signatures of libs/testing) on the npm tree of the scan benchmark, plus a planted directory
// with EICAR (plain, and in a zip inside a tar), and the body-signature marker in a text file.
// 1. The engine (libs/scanner scanFilesForViruses) streaming every file (INSTREAM) at 1, 2, 4
//    and 8 connections, and clamd opening them itself (CONTSCAN) at 4 and 10.
// 2. clamd's own MULTISCAN of the same directories (what ScanCode.io sends), as the reference.
// 3. scan_for_virus through the API after inspect_packages made the codebase: the stored files
//    streamed from their packs to clamd, and the records.
// Every figure is kept only after its check: a verdict for every file, exactly the planted
// infections found with their signatures, no error.
const { execFileSync } = require('node:child_process');
const { lstatSync, mkdirSync, openAsBlob, readdirSync, rmSync } = require('node:fs');
const { basename, join } = require('node:path');
const { loadavg } = require('node:os');
const { startBenchStack } = require('./lib/bench-stack');
const { startBenchClamd } = require('./lib/clamd');
const { npmTree } = require('./lib/npm-tree');
const { requireTs } = require('./lib/require-ts');
const { assertNoneMissing, assertSameCounts } = require('./lib/verify');
const { waitForRunEnd } = require('./lib/wait');

const dist = (...p) => require(join(__dirname, '..', 'dist', 'libs', 'scanner', 'src', 'clamav', ...p));
const { ClamdClient } = dist('clamd-client');
const { clamdExchange } = dist('clamd-exchange');
const { encodeCommand, parseScanReply } = dist('clamd-protocol');
const { scanFilesForViruses } = dist('virus-scan');
const { CLAMD_DEFAULT_STREAM_MAX_LENGTH } = dist('clamd-address');
const { buildInfectedSample } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'clamav', 'infected-sample.ts'));
const { TEST_SIGNATURES } = requireTs(join(__dirname, '..', 'libs', 'testing', 'src', 'clamav', 'test-signatures.ts'));

const DATA = join(__dirname, '.data');
const PLANTED = 'virus-planted';
const PIPELINE_CONNECTIONS = 4;

/** Regular files under `dir` (no symlinks), named `<prefix>/<relative path>`. */
function listFiles(dir, prefix, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) listFiles(abs, `${prefix}/${e.name}`, out);
    else if (e.isFile()) out.push({ path: `${prefix}/${e.name}`, absPath: abs, size: lstatSync(abs).size });
  }
  return out;
}

/** Throws unless every file has one verdict, the infected ones are exactly `expected`, and nothing failed. */
function verifyVerdicts(what, files, verdicts, expected) {
  assertNoneMissing(`${what}: files without a verdict`, files.filter((f) => !verdicts.has(f.path)).map((f) => f.path));
  const infected = Object.fromEntries([...verdicts.values()].filter((v) => v.outcome === 'infected').map((v) => [v.path, v.signature]));
  assertSameCounts(what, { infected: sorted(expected) }, { infected: sorted(infected) }, ['infected']);
  const failed = [...verdicts.values()].filter((v) => v.outcome === 'error' || v.outcome === 'not-scanned');
  const tooLarge = files.filter((f) => f.size > CLAMD_DEFAULT_STREAM_MAX_LENGTH).map((f) => f.path).sort();
  assertSameCounts(what, { not_given_to_clamd: tooLarge }, { not_given_to_clamd: failed.map((v) => v.path).sort() }, ['not_given_to_clamd']);
}

const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const mib = (files) => files.reduce((n, f) => n + f.size, 0) / 1024 ** 2;

async function engineRun(clamd, files, expected, mode, connections) {
  const verdicts = new Map();
  const t0 = process.hrtime.bigint();
  await scanFilesForViruses(files, {
    client: new ClamdClient(clamd.address, { timeoutMs: 120_000 }),
    sharedFilesystem: mode === 'CONTSCAN',
    streamMaxLength: CLAMD_DEFAULT_STREAM_MAX_LENGTH,
    connections,
    retries: 0,
    retryDelayMs: 100,
    onVerdict: (v) => {
      if (verdicts.has(v.path)) throw new Error(`two verdicts for ${v.path}`);
      verdicts.set(v.path, v);
    },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  verifyVerdicts(`${mode} at ${connections} connections`, files, verdicts, expected);
  return { mode, connections, seconds: +seconds.toFixed(2), files_per_s: Math.round(files.length / seconds), mib_per_s: +(mib(files) / seconds).toFixed(1) };
}

/** clamd's MULTISCAN of each directory (clamd walks it with its own threads); its FOUND lines must be the planted infections. */
async function multiscanRun(clamd, roots, files, expected) {
  const found = {};
  const t0 = process.hrtime.bigint();
  for (const { dir, prefix } of roots) {
    const replies = await clamdExchange(clamd.address, encodeCommand('MULTISCAN', dir), null, { timeoutMs: 600_000 });
    for (const reply of replies) {
      const path = reply.slice(0, reply.lastIndexOf(': '));
      if (path === dir && reply.endsWith(': OK')) continue;
      const parsed = parseScanReply(reply, path);
      if (parsed.status !== 'FOUND') throw new Error(`MULTISCAN ${dir}: ${reply}`);
      found[`${prefix}${path.slice(dir.length)}`] = parsed.signature;
    }
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  assertSameCounts('MULTISCAN', { infected: sorted(expected) }, { infected: sorted(found) }, ['infected']);
  return { mode: 'MULTISCAN', clamd_threads: clamd.maxThreads, seconds: +seconds.toFixed(2), files_per_s: Math.round(files.length / seconds), mib_per_s: +(mib(files) / seconds).toFixed(1) };
}

/** scan_for_virus through the API after inspect_packages, on one tarball of both directories. */
async function pipelineRun(clamd, tarball, expected) {
  const bench = await startBenchStack('virus', { env: { SCAN_PROCESSES: '2', CLAMD_TCP_ADDR: clamd.tcpAddr, CLAMD_CONNECTIONS: String(PIPELINE_CONNECTIONS) } });
  try {
    const form = new FormData();
    form.set('name', `bench virus ${Date.now()}`);
    form.set('pipeline', 'inspect_packages');
    form.set('execute_now', 'true');
    form.set('upload_file', await openAsBlob(tarball), basename(tarball));
    const created = await (await fetch(`${bench.baseUrl}/api/projects/`, { method: 'POST', body: form })).json();
    const first = await waitForRunEnd(created.runs[0].url);
    if (first.status !== 'success') throw new Error(`inspect_packages ${first.status}: ${first.task_output}`);
    const api = (path, init) => fetch(`${bench.baseUrl}/api/projects/${created.uuid}/${path}`, init).then((r) => r.json());
    await api('add_pipeline/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pipeline: 'scan_for_virus', execute_now: true }) });
    const detail = await api('');
    const run = await waitForRunEnd(detail.runs.find((r) => r.pipeline_name === 'scan_for_virus').url);
    if (run.status !== 'success') throw new Error(`scan_for_virus ${run.status}: ${run.task_output}`);
    const resources = await api('resources/?type=file');
    const files = resources.length;
    // The upload itself (the whole tree, gzipped) is over StreamMaxLength: not given to clamd, and said so.
    const tooLarge = resources.filter((r) => r.size > CLAMD_DEFAULT_STREAM_MAX_LENGTH).map((r) => r.path).sort();
    const reported = Object.fromEntries((await api('resources/?extra_data=virus_report')).map((r) => [r.path, r.extra_data.virus_report.clamav.reason]));
    assertSameCounts('scan_for_virus', { infected: sorted(expected) }, { infected: sorted(reported) }, ['infected']);
    const warned = (await api('messages/?model=ScanForVirus&severity=warning')).results.map((m) => m.details.resource_path).sort();
    assertSameCounts('scan_for_virus warnings', { not_given_to_clamd: tooLarge }, { not_given_to_clamd: warned }, ['not_given_to_clamd']);
    const summary = (await api('')).extra_data.virus_scan;
    const counts = { files, files_scanned: files - tooLarge.length, errors: 0, not_scanned: tooLarge.length, infected: Object.keys(expected).length };
    assertSameCounts('scan_for_virus summary', counts, summary, Object.keys(counts));
    const step = /Step \[scan_for_virus\] completed in ([\d.]+) seconds/.exec(run.log);
    // The log's timestamps split the step: first contact with clamd, restore from storage, scan and records.
    const at = (pattern) => {
      const line = String(run.log).split('\n').find((l) => pattern.test(l));
      return line ? Date.parse(line.slice(0, 23).replace(' ', 'T')) : NaN;
    };
    const [contacted, scannedAt] = [at(/Scanning with clamd/), at(/Scanned \d+ of \d+ files/)];
    return {
      mode: summary.mode,
      connections: summary.connections,
      files,
      files_scanned: summary.files_scanned,
      not_given_to_clamd: tooLarge,
      step_seconds: step ? Number(step[1]) : null,
      files_per_s: step ? Math.round(summary.files_scanned / Number(step[1])) : null,
      // INSTREAM streams the stored files from their packs to clamd: nothing is restored to disk.
      read_and_scan_seconds: +((scannedAt - contacted) / 1000).toFixed(2),
      read_and_scan_files_per_s: Math.round(summary.files_scanned / ((scannedAt - contacted) / 1000)),
      execution_time: run.execution_time,
    };
  } finally {
    await bench.stop();
  }
}

async function main() {
  const tree = npmTree(DATA);
  const plantedParent = join(DATA, 'virus-planted-build');
  rmSync(plantedParent, { recursive: true, force: true });
  mkdirSync(plantedParent, { recursive: true });
  await buildInfectedSample(plantedParent, { name: PLANTED, cleanFiles: 0 });
  const plantedDir = join(plantedParent, PLANTED);
  const files = [...listFiles(tree, 'npm-tree'), ...listFiles(plantedDir, PLANTED)];
  const expected = {
    [`${PLANTED}/eicar.com`]: TEST_SIGNATURES.eicar,
    [`${PLANTED}/docs/notes.txt`]: TEST_SIGNATURES.marker,
    [`${PLANTED}/vendor/bundle.tar`]: TEST_SIGNATURES.eicar,
  };
  const clamd = await startBenchClamd({ maxThreads: 10 });
  const load = [];
  try {
    // clamd's first scans fill its caches: one untimed pass.
    await engineRun(clamd, files, expected, 'INSTREAM', 4);
    const runs = [];
    for (const connections of [1, 2, 4, 8]) {
      load.push(+loadavg()[0].toFixed(2));
      runs.push(await engineRun(clamd, files, expected, 'INSTREAM', connections));
    }
    load.push(+loadavg()[0].toFixed(2));
    for (const connections of [4, 10]) runs.push(await engineRun(clamd, files, expected, 'CONTSCAN', connections));
    load.push(+loadavg()[0].toFixed(2));
    runs.push(await multiscanRun(clamd, [{ dir: tree, prefix: 'npm-tree' }, { dir: plantedDir, prefix: PLANTED }], files, expected));

    const tarball = join(DATA, 'virus-bench.tar.gz');
    execFileSync('tar', ['-czf', tarball, '-C', DATA, 'npm-tree', '-C', plantedParent, PLANTED]);
    const x = 'virus-bench.tar.gz-extract';
    const pipelineExpected = {
      ...Object.fromEntries(Object.entries(expected).map(([p, s]) => [`${x}/${p}`, s])),
      [`${x}/${PLANTED}/vendor/bundle.tar-extract/inner.zip`]: TEST_SIGNATURES.eicar,
      [`${x}/${PLANTED}/vendor/bundle.tar-extract/inner.zip-extract/sub/eicar.com`]: TEST_SIGNATURES.eicar,
    };
    load.push(+loadavg()[0].toFixed(2));
    const pipeline = await pipelineRun(clamd, tarball, pipelineExpected);
    return {
      files: files.length,
      mib: +mib(files).toFixed(1),
      verified: { infected_found: Object.keys(expected).length, every_file_has_a_verdict: true },
      clamd: { version: (await new ClamdClient(clamd.address, { timeoutMs: 5000 }).version()).text, max_threads: clamd.maxThreads },
      engine: runs,
      pipeline,
      load_average_before_each: load,
    };
  } finally {
    await clamd.stop();
  }
}

module.exports = { name: 'virus', main };
