// Issue 2 benchmark: load_inventory throughput, streaming resources/, API latency under load,
// and each service's resident memory.
const { mkdirSync, statSync, openAsBlob } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { generateScan } = require('./lib/generate-scan');
const { startBenchStack } = require('./lib/bench-stack');
const { rssMiB, withPeakRss } = require('./lib/memory');
const { waitForRunEnd } = require('./lib/wait');

const FILES = Number(process.env.BENCH_FILES || 50_000);

async function load(url, connections, seconds) {
  const r = await autocannon({ url, connections, duration: seconds });
  return { requests_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function loadAndStream(bench, files) {
  const dataDir = join(__dirname, '.data');
  mkdirSync(dataDir, { recursive: true });
  const scanPath = join(dataDir, `scan-${files}.json`);
  const gen = await generateScan(scanPath, { files, packages: Math.max(10, Math.round(files / 100)) });
  const scanMiB = statSync(scanPath).size / 1024 ** 2;
  console.log(`generated ${scanPath}: ${files} files, ${gen.packages} packages, ${gen.dependencies} dependencies, ${scanMiB.toFixed(0)} MiB`);
  const base = bench.baseUrl;
  const out = { files, scan_mib: Math.round(scanMiB) };
  const form = new FormData();
  form.set('name', `bench inventory ${files}`);
  form.set('pipeline', 'load_inventory');
  form.set('execute_now', 'true');
  form.set('upload_file', await openAsBlob(scanPath), 'scan.json');
  const { result: run, peak: loadPeak } = await withPeakRss(bench.stack.children, async () => {
    const created = await (await fetch(`${base}/api/projects/`, { method: 'POST', body: form })).json();
    out.project = created.uuid;
    return waitForRunEnd(created.runs[0].url);
  });
  if (run.status !== 'success') throw new Error(`load_inventory ${run.status}: ${run.task_output}`);
  const detail = await (await fetch(`${base}/api/projects/${out.project}/`)).json();
  const rows = detail.resource_count + detail.package_count + detail.dependency_count;
  const seconds = (new Date(run.task_end_date) - new Date(run.task_start_date)) / 1000;
  out.load_inventory = { seconds, rows, rows_per_s: Math.round(rows / seconds), resources: detail.resource_count, packages: detail.package_count, dependencies: detail.dependency_count, peak_rss_mib: loadPeak };
  const { result: streamed, peak: streamPeak } = await withPeakRss(bench.stack.children, async () => {
    const t0 = Date.now();
    const res = await fetch(`${base}/api/projects/${out.project}/resources/`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    return { seconds: (Date.now() - t0) / 1000, mib: Math.round(bytes / 1024 ** 2) };
  });
  out.stream_resources = { ...streamed, rows_per_s: Math.round(detail.resource_count / streamed.seconds), peak_rss_mib: streamPeak };
  return out;
}

async function main() {
  const sizes = (process.env.BENCH_FILES || '50000,200000').split(',').map(Number);
  const bench = await startBenchStack('foundation');
  const results = { sizes: [] };
  try {
    for (const files of sizes) results.sizes.push(await loadAndStream(bench, files));
    const base = bench.baseUrl;
    const project = results.sizes[0].project;
    for (let i = 0; i < 60; i++) await fetch(`${base}/api/projects/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `bench-${i}`, pipeline: ['load_inventory'], input_urls: [`https://example.com/${i}.zip`] }) });
    results.detail_50_clients = await load(`${base}/api/projects/${project}/`, 50, 10);
    results.list_50_clients = await load(`${base}/api/projects/`, 50, 10);
    results.rss_mib_at_end = Object.fromEntries([...bench.stack.children].map(([n, c]) => [n, rssMiB(c.pid)]));
  } finally {
    await bench.stop();
  }
  return results;
}

module.exports = { name: 'foundation', main };
