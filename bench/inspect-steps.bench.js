// Where inspect_packages spends its time (issue 18), on the packages bench's npm tree: several runs
// on one stack, each step's wall time beside the CPU the runner's main thread, its other threads
// (scan workers, V8's and libuv's) and PostgreSQL's processes spent during it, sampled every 50 ms.
// The first run of a stack is reported with the others: it pays for cold code and connections. Each
// later run must give the first one's package purls, dependency count and resource count before its
// figures are kept. `BENCH_RUNS` sets the number of runs (default 4).
const { basename, join } = require('node:path');
const { npmLockTree, treeZip } = require('./lib/npm-tree');
const { startBenchStack } = require('./lib/bench-stack');
const { cpuMs, pidsMatching, threadCpuMs } = require('./lib/process-cpu');
const { assertSameCounts } = require('./lib/verify');
const { createWithUpload, projectTotals, RUN_TOTALS } = require('./lib/projects');
const { waitForRunEnd } = require('./lib/wait');

const DATA = join(__dirname, '.data');
const SAMPLE_MS = 50;

/** PostgreSQL's processes are looked up again this often (a scan of /proc at every sample would be this process's main cost). */
const POSTGRES_PIDS_MS = 1000;

/**
 * One sample of the CPU (ms) spent so far by the runner's threads, PostgreSQL and the other
 * services. A PostgreSQL backend that starts between two lookups counts from the first sample
 * that sees it; the pools' connections live as long as the stack.
 */
function sampler(runnerPid, otherPids) {
  let postgres = [];
  let lookedUp = 0;
  return () => {
    if (Date.now() - lookedUp >= POSTGRES_PIDS_MS) {
      postgres = pidsMatching('postgres');
      lookedUp = Date.now();
    }
    const runner = threadCpuMs(runnerPid);
    return {
      t: Date.now(),
      runner_main: runner.main,
      runner_threads: runner.others,
      postgres: postgres.reduce((sum, pid) => sum + cpuMs(pid), 0),
      other_services: otherPids.reduce((sum, pid) => sum + cpuMs(pid), 0),
    };
  };
}

/** The step starts in a run log (`<date> <time> Step [name] starting`), and the last step's end, as epoch ms. */
function stepMarks(log) {
  const stamp = (line) => Date.parse(`${line.slice(0, 23).replace(' ', 'T')}Z`);
  const lines = String(log).split('\n');
  const marks = lines.filter((l) => / Step \[\w+\] starting$/.test(l)).map((l) => ({ name: /Step \[(\w+)\]/.exec(l)[1], at: stamp(l) }));
  const last = lines.filter((l) => / Step \[\w+\] completed in /.test(l)).pop();
  return { marks, stepsEnd: last ? stamp(last) : null };
}

/** Each phase's wall seconds and the CPU seconds each group spent in it, from samples taken along the run. */
function phases(samples, bounds) {
  const near = (t) => samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best));
  const keys = ['runner_main', 'runner_threads', 'postgres', 'other_services'];
  const out = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const [a, b] = [near(bounds[i].at), near(bounds[i + 1].at)];
    const cpu = Object.fromEntries(keys.map((k) => [k, +((b[k] - a[k]) / 1000).toFixed(2)]));
    out.push({ phase: bounds[i].name, seconds: +((bounds[i + 1].at - bounds[i].at) / 1000).toFixed(2), cpu_seconds: cpu });
  }
  return out;
}

async function inspectRun(bench, zip, sample) {
  const samples = [sample()];
  const timer = setInterval(() => samples.push(sample()), SAMPLE_MS);
  const t0 = Date.now();
  try {
    const created = await createWithUpload(bench.baseUrl, 'inspect_packages:StaticResolver', zip);
    const uploaded = Date.now();
    const run = await waitForRunEnd(created.runs[0].url, SAMPLE_MS);
    const end = Date.now();
    samples.push(sample());
    if (run.status !== 'success') throw new Error(`inspect_packages ${run.status}: ${run.task_output}`);
    const { marks, stepsEnd } = stepMarks(run.log);
    const bounds = [{ name: 'upload', at: t0 }, { name: 'until the first step', at: uploaded }, ...marks, { name: 'run end', at: stepsEnd ?? end }, { name: 'END', at: end }];
    return { uuid: created.uuid, seconds: (end - t0) / 1000, phases: phases(samples, bounds) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const zip = treeZip(DATA, basename(npmLockTree(DATA)));
  const runs = Number(process.env.BENCH_RUNS || 4);
  const bench = await startBenchStack('inspect_steps');
  const result = { zip: basename(zip), runs: [] };
  try {
    const runner = bench.stack.children.get('pipeline-runner').pid;
    const others = [...bench.stack.children].filter(([name]) => name !== 'pipeline-runner').map(([, child]) => child.pid);
    const sample = sampler(runner, others);
    let first = null;
    for (let i = 0; i < runs; i++) {
      const run = await inspectRun(bench, zip, sample);
      const got = await projectTotals(bench.baseUrl, run.uuid);
      first ??= got;
      assertSameCounts(`inspect_packages run ${i + 1} vs the first`, first, got, RUN_TOTALS);
      result.runs.push({ seconds: run.seconds, phases: run.phases });
    }
    result.verified = { packages: first.purls.length, dependencies: first.dependencies, resources: first.resources, runs_alike: runs };
  } finally {
    await bench.stop();
  }
  return result;
}

module.exports = { name: 'inspect-steps', main };
