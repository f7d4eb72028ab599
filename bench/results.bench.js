// Results and downloads benchmark: time and peak memory of `results/` and of each `results_download/`
// format on a project with 100,000 resources and 2,000 packages loaded with load_inventory,
// and the same on a project ten times smaller, to show that memory does not grow with the
// project. BENCH_QUICK: 2,000 and 20,000 resources. BENCH_RESULTS_SIZES=10000:200,100000:2000
// sets the sizes (resources:packages, smallest first). Each request runs against freshly
// started reporting and api-gateway processes (BENCH_RESULTS_RESTART=0 keeps them), so the
// peak of one format is not the leftover heap of the one before. Then every request again
// with the reporting heap capped (BENCH_RESULTS_HEAP_CAP_MIB, default 128; 0 skips).
const http = require('node:http');
const { createReadStream, createWriteStream, mkdirSync, openAsBlob, openSync, readSync, closeSync, fstatSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { pipeline } = require('node:stream/promises');
const { generateToolkitScan } = require('./lib/scan-generator');
const { startBenchStack } = require('./lib/bench-stack');
const { withPeakTreeRss } = require('./lib/process-rss');
const { waitForRunEnd } = require('./lib/wait');

const DATA = join(__dirname, '.data');
const SERVICES = ['reporting', 'api-gateway', 'project-store'];
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_RESULTS_TIMEOUT_S || 1200) * 1000;
// A second pass runs every request with the reporting service's V8 old space capped at this
// many MiB: RSS alone cannot tell garbage not yet collected from memory held for the project.
// A body that still comes out whole at both sizes is bounded. 0 skips the pass.
const HEAP_CAP_MIB = Number(process.env.BENCH_RESULTS_HEAP_CAP_MIB ?? 128);

const ENDPOINTS = [
  { name: 'results/', path: 'results/', kind: 'json' },
  { name: 'json', path: 'results_download/?output_format=json', kind: 'json' },
  { name: 'xlsx', path: 'results_download/?output_format=xlsx', kind: 'xlsx' },
  { name: 'spdx', path: 'results_download/?output_format=spdx', kind: 'json' },
  { name: 'cyclonedx', path: 'results_download/?output_format=cyclonedx', kind: 'json-or-xml' },
  { name: 'attribution', path: 'results_download/?output_format=attribution', kind: 'html' },
  { name: 'ort', path: 'results_download/?output_format=ort-package-list', kind: 'yaml' },
  { name: 'all_formats', path: 'results_download/?output_format=all_formats', kind: 'zip' },
];

/** What all_formats holds: one file per format (ScanCode.io writes six). */
const ALL_FORMATS_ENTRIES = ['.json', '.xlsx', '.spdx.json', '.cdx.json', '.attribution.html', '.package-list.yml'];

function sizes() {
  if (process.env.BENCH_RESULTS_SIZES) {
    return process.env.BENCH_RESULTS_SIZES.split(',').map((s) => {
      const [resources, packages] = s.split(':').map(Number);
      return { resources, packages };
    });
  }
  if (process.env.BENCH_QUICK) return [{ resources: 2_000, packages: 40 }, { resources: 20_000, packages: 400 }];
  return [{ resources: 10_000, packages: 200 }, { resources: 100_000, packages: 2_000 }];
}

const label = ({ resources, packages }) => `${resources / 1000}k resources / ${packages} packages`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function loadInventory(bench, scan, size) {
  const form = new FormData();
  form.set('name', `bench results ${size.resources} ${Date.now()}`);
  form.set('pipeline', 'load_inventory');
  form.set('execute_now', 'true');
  form.set('upload_file', await openAsBlob(scan.path), 'scan.json');
  const t0 = Date.now();
  const pids = { 'pipeline-runner': bench.stack.children.get('pipeline-runner').pid, 'project-store': bench.stack.children.get('project-store').pid };
  const { result, peak } = await withPeakTreeRss(pids, async () => {
    const res = await fetch(`${bench.baseUrl}/api/projects/`, { method: 'POST', body: form });
    const created = await res.json();
    if (res.status !== 201) throw new Error(`POST /api/projects/ ${res.status}: ${JSON.stringify(created)}`);
    const uploaded = (Date.now() - t0) / 1000;
    return { run: await waitForRunEnd(created.runs[0].url, 250), uuid: created.uuid, uploaded };
  }, { intervalMs: 100 });
  const { run, uuid } = result;
  if (run.status !== 'success') throw new Error(`load_inventory ${run.status}: ${run.task_output}`);
  const detail = await (await fetch(`${bench.baseUrl}/api/projects/${uuid}/`)).json();
  const messages = await (await fetch(`${bench.baseUrl}/api/projects/${uuid}/messages/`)).json();
  const kinds = {};
  for (const m of messages.results ?? []) {
    const kind = `${m.severity}: ${String(m.description).split('\n')[0].slice(0, 80)}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return {
    uuid,
    wall_seconds: (Date.now() - t0) / 1000,
    upload_seconds: result.uploaded,
    run_seconds: (new Date(run.task_end_date) - new Date(run.task_start_date)) / 1000,
    steps: String(run.log ?? '').split('\n').filter((l) => / completed in /.test(l)).map((l) => l.replace(/^\S+ \S+ /, '')),
    resources: detail.resource_count,
    packages: detail.package_count,
    dependencies: detail.dependency_count,
    messages: detail.message_count,
    message_kinds_first_page: kinds,
    runner_peak_rss_mib: peak['pipeline-runner'],
    store_peak_rss_mib: peak['project-store'],
  };
}

/**
 * GETs `url` and streams the body to `file`. node:http rather than fetch: undici gives up on
 * a response whose headers take more than 300 s, and a slow report must be timed, not lost.
 */
function download(url, file) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const secs = () => Number(process.hrtime.bigint() - t0) / 1e9;
    const req = http.get(url, { agent: false }, (res) => {
      const ttfb = secs();
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      pipeline(res, createWriteStream(file, { highWaterMark: 1 << 20 })).then(
        () => resolve({ status: res.statusCode, headers: res.headers, ttfb_seconds: ttfb, seconds: secs(), bytes, complete: res.complete }),
        (error) => resolve({ status: res.statusCode, headers: res.headers, ttfb_seconds: ttfb, seconds: secs(), bytes, complete: false, error: error.message }),
      );
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no data for ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
  });
}

function headTail(file, n = 4096) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(n, size));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(n, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return { head, tail, size };
  } finally {
    closeSync(fd);
  }
}

/** Streams a JSON file through stream-json: top-level keys and the length of each top-level array. */
async function jsonShape(file) {
  const { parser } = require('stream-json');
  const shape = {};
  let depth = 0;
  let key = null;
  const p = parser({ packKeys: true, packStrings: true, packNumbers: true, streamKeys: false, streamStrings: false, streamNumbers: false });
  p.on('data', (t) => {
    if (depth === 1 && t.name === 'keyValue') {
      key = t.value;
      shape[key] = 'value';
      return;
    }
    const opens = t.name === 'startObject' || t.name === 'startArray';
    const closes = t.name === 'endObject' || t.name === 'endArray';
    if (depth === 1 && t.name === 'startArray') shape[key] = 0;
    else if (depth === 2 && typeof shape[key] === 'number' && !closes && t.name !== 'keyValue') shape[key]++;
    if (opens) depth++;
    if (closes) depth--;
  });
  await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), p);
  return shape;
}

/** Entry names and sizes of a zip, from its central directory (yauzl). */
function zipEntries(file) {
  const yauzl = require('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = [];
      zip.on('entry', (e) => {
        entries.push({ name: e.fileName, bytes: e.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Cheap checks that a body is what it claims; returns { ok, note }. */
async function validate(kind, file, load) {
  const { head, tail, size } = headTail(file);
  if (size === 0) return { ok: false, note: 'empty body' };
  const headText = head.toString('utf8');
  const tailText = tail.toString('utf8');
  if (kind === 'json' || (kind === 'json-or-xml' && /^\s*[[{]/.test(headText))) {
    let shape;
    try {
      shape = await jsonShape(file);
    } catch (e) {
      return { ok: false, note: `invalid JSON: ${e.message.slice(0, 200)}` };
    }
    const counts = Object.fromEntries(Object.entries(shape).filter(([, v]) => typeof v === 'number'));
    const notes = [];
    let ok = true;
    if ('files' in shape && 'headers' in shape) {
      // ScanCode.io results: files, packages and dependencies as many as the project has.
      const tool = /"tool_name"\s*:\s*"([^"]*)"/.exec(headText)?.[1];
      for (const [k, want] of [['files', load.resources], ['packages', load.packages], ['dependencies', load.dependencies]]) {
        if (counts[k] !== want) {
          ok = false;
          notes.push(`${k} ${counts[k]} != ${want}`);
        }
      }
      notes.unshift(`tool_name ${tool}`);
    } else if ('spdxVersion' in shape) {
      if (!counts.packages) ok = false;
      notes.push(/"spdxVersion"\s*:\s*"([^"]*)"/.exec(headText)?.[1] ?? 'SPDX');
    } else if ('bomFormat' in shape) {
      if (!counts.components) ok = false;
      notes.push(`CycloneDX ${/"specVersion"\s*:\s*"([^"]*)"/.exec(headText)?.[1] ?? ''}`.trim());
    }
    return { ok, note: [...notes, Object.entries(counts).map(([k, v]) => `${k}=${v}`).join(' ')].filter(Boolean).join('; '), shape: counts };
  }
  if (kind === 'json-or-xml') {
    const ok = /^\s*<\?xml|^\s*<bom/.test(headText) && /<\/bom>\s*$/.test(tailText);
    const components = (headText.match(/<component /g) ?? []).length;
    return { ok, note: ok ? `CycloneDX XML (${components} components in the first 4 KiB)` : 'not a CycloneDX XML document' };
  }
  if (kind === 'yaml') {
    let doc;
    try {
      doc = require('yaml').parse(require('node:fs').readFileSync(file, 'utf8'));
    } catch (e) {
      return { ok: false, note: `invalid YAML: ${e.message.slice(0, 200)}` };
    }
    const deps = Array.isArray(doc?.dependencies) ? doc.dependencies.length : null;
    return { ok: deps === load.packages, note: `ORT package list: ${deps} dependencies for ${load.packages} packages` };
  }
  if (kind === 'html') {
    const ok = /<html|<!doctype html/i.test(headText) && /<\/html>\s*$/i.test(tailText);
    return { ok, note: ok ? 'HTML document' : `not a whole HTML document (starts ${JSON.stringify(headText.slice(0, 40))})` };
  }
  // xlsx and zip
  if (head.readUInt32LE(0) !== 0x04034b50) return { ok: false, note: `not a zip (starts ${JSON.stringify(headText.slice(0, 40))})` };
  let entries;
  try {
    entries = await zipEntries(file);
  } catch (e) {
    return { ok: false, note: `broken zip: ${e.message}` };
  }
  if (kind === 'xlsx') {
    const sheets = entries.filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
    const ok = entries.some((e) => e.name === 'xl/workbook.xml') && sheets.length > 0;
    return { ok, note: `${sheets.length} worksheets (${sheets.map((s) => `${Math.round(s.bytes / 1024)} KiB`).join(', ')})` };
  }
  // Each entry counts for the longest known extension it ends with (.cdx.json, not .json).
  const byLength = [...ALL_FORMATS_ENTRIES].sort((a, b) => b.length - a.length);
  const found = new Set(entries.map((e) => byLength.find((ext) => e.name.endsWith(ext))));
  const missing = ALL_FORMATS_ENTRIES.filter((ext) => !found.has(ext));
  const list = entries.map((e) => `${e.name.replace(/^.*?(results-)/, '$1')} ${(e.bytes / 2 ** 20).toFixed(1)} MiB`).join(', ');
  return { ok: entries.length > 0 && missing.length === 0, note: `${entries.length} entries${missing.length ? ` (missing ${missing.join(' ')})` : ''}: ${list}`, entries };
}

/**
 * Restarts services; `nodeOptions` (e.g. a heap cap) applies to the first one only. The
 * stack spawns with its live `env` object, so the option is set around that one start.
 */
async function restartServices(bench, names, nodeOptions = null) {
  const env = bench.stack.env;
  const original = env.NODE_OPTIONS;
  for (const [i, name] of names.entries()) {
    await bench.stack.kill(name);
    for (let attempt = 1; ; attempt++) {
      try {
        if (i === 0 && nodeOptions) env.NODE_OPTIONS = `${original ?? ''} ${nodeOptions}`.trim();
        await bench.stack.start(name);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`  ${name} did not restart (${error.message}); retrying`);
        await sleep(3000);
      } finally {
        if (original === undefined) delete env.NODE_OPTIONS;
        else env.NODE_OPTIONS = original;
      }
    }
  }
  await sleep(500); // let the fresh processes settle after their health check
}

async function measure(bench, uuid, endpoint, load, tag, { heapCapMib = null } = {}) {
  if (heapCapMib) await restartServices(bench, ['reporting', 'api-gateway'], `--max-old-space-size=${heapCapMib}`);
  else if (process.env.BENCH_RESULTS_RESTART !== '0') await restartServices(bench, ['reporting', 'api-gateway']);
  const pids = Object.fromEntries(SERVICES.map((n) => [n, bench.stack.children.get(n).pid]));
  const file = join(DATA, 'results-downloads', `${tag}-${endpoint.name.replace(/\W/g, '')}.body`);
  mkdirSync(join(DATA, 'results-downloads'), { recursive: true });
  const url = `${bench.baseUrl}/api/projects/${uuid}/${endpoint.path}`;
  const { result: dl, peak, before } = await withPeakTreeRss(pids, async () => {
    try {
      return await download(url, file);
    } catch (e) {
      return { error: e.message };
    }
  });
  if (dl.status && !dl.error && !dl.complete) dl.error = 'response ended before its end';
  const out = {
    endpoint: endpoint.name,
    status: dl.status ?? null,
    seconds: dl.seconds != null ? +dl.seconds.toFixed(3) : null,
    ttfb_seconds: dl.ttfb_seconds != null ? +dl.ttfb_seconds.toFixed(3) : null,
    bytes: dl.bytes ?? 0,
    content_type: dl.headers?.['content-type'] ?? null,
    content_disposition: dl.headers?.['content-disposition'] ?? null,
    rss_before_mib: before,
    peak_rss_mib: peak,
  };
  if (heapCapMib) out.heap_cap_mib = heapCapMib;
  if (dl.error) out.error = dl.error;
  if (dl.status === 200 && !dl.error) {
    out.mib_per_s = +(dl.bytes / 2 ** 20 / dl.seconds).toFixed(1);
    const v = await validate(endpoint.kind, file, load);
    out.valid = v.ok;
    out.check = v.note;
  } else if (dl.status) {
    const { head } = headTail(file, 600);
    out.valid = false;
    out.check = `HTTP ${dl.status}: ${head.toString('utf8').replace(/\s+/g, ' ').slice(0, 300)}`;
  }
  rmSync(file, { force: true });
  return out;
}

const pad = (s, n) => String(s ?? '').padEnd(n);
const lpad = (s, n) => String(s ?? '').padStart(n);

function printTable(size, load, rows, capped = []) {
  console.log(`\n${label(size)}: load_inventory ${load.wall_seconds.toFixed(1)} s wall (run ${load.run_seconds.toFixed(1)} s; ${load.resources} resources, ${load.packages} packages, ${load.dependencies} dependencies; runner peak ${load.runner_peak_rss_mib} MiB)`);
  console.log(`${pad('endpoint', 12)} ${lpad('status', 6)} ${lpad('seconds', 8)} ${lpad('ttfb s', 7)} ${lpad('MiB', 8)} ${lpad('MiB/s', 6)}  ${pad('reporting MiB', 14)} ${pad('gateway MiB', 12)} ${pad('store MiB', 10)} check`);
  for (const r of rows) {
    const mem = (n) => `${r.rss_before_mib[n]}->${r.peak_rss_mib[n]}`;
    console.log(`${pad(r.endpoint, 12)} ${lpad(r.status ?? 'ERR', 6)} ${lpad(r.seconds, 8)} ${lpad(r.ttfb_seconds, 7)} ${lpad((r.bytes / 2 ** 20).toFixed(1), 8)} ${lpad(r.mib_per_s ?? '', 6)}  ${pad(mem('reporting'), 14)} ${pad(mem('api-gateway'), 12)} ${pad(mem('project-store'), 10)} ${r.valid ? 'ok' : 'FAIL'} ${(r.error ?? r.check ?? '').slice(0, 160)}`);
  }
  if (!capped.length) return;
  console.log(`with the reporting heap capped at ${capped[0].heap_cap_mib} MiB (--max-old-space-size):`);
  for (const r of capped) {
    console.log(`${pad(r.endpoint, 12)} ${lpad(r.status ?? 'ERR', 6)} ${lpad(r.seconds, 8)} ${lpad(r.ttfb_seconds, 7)} ${lpad((r.bytes / 2 ** 20).toFixed(1), 8)} ${lpad(r.mib_per_s ?? '', 6)}  ${pad(`${r.rss_before_mib.reporting}->${r.peak_rss_mib.reporting}`, 14)} ${pad('', 12)} ${pad('', 10)} ${r.valid ? 'ok' : 'FAIL'} ${(r.error ?? (r.valid ? '' : r.check) ?? '').slice(0, 160)}`);
  }
}

function compare(runs) {
  const [small, large] = [runs[0], runs[runs.length - 1]];
  const factor = large.size.resources / small.size.resources;
  console.log(`\nPeak RSS, ${label(large.size)} vs ${label(small.size)} (${factor}x the project; 1.0 = flat):`);
  console.log(`${pad('endpoint', 12)} ${lpad('rep small', 10)} ${lpad('rep large', 10)} ${lpad('ratio', 6)} ${lpad('+small', 7)} ${lpad('+large', 7)}  ${lpad('gw small', 9)} ${lpad('gw large', 9)} ${lpad('ratio', 6)}  ${lpad('time x', 7)} ${lpad('size x', 7)}  capped small / large`);
  const comparison = [];
  for (const s of small.endpoints) {
    const l = large.endpoints.find((e) => e.endpoint === s.endpoint);
    if (!l || s.status !== 200 || l.status !== 200) {
      comparison.push({ endpoint: s.endpoint, available: false, status_small: s.status, status_large: l?.status ?? null });
      console.log(`${pad(s.endpoint, 12)} not measured (HTTP ${s.status} / ${l?.status})`);
      continue;
    }
    const ratio = (a, b) => +(a / b).toFixed(2);
    const growth = (r) => r.peak_rss_mib.reporting - r.rss_before_mib.reporting;
    const c = {
      endpoint: s.endpoint,
      reporting_peak_small_mib: s.peak_rss_mib.reporting,
      reporting_peak_large_mib: l.peak_rss_mib.reporting,
      reporting_ratio: ratio(l.peak_rss_mib.reporting, s.peak_rss_mib.reporting),
      reporting_growth_small_mib: growth(s),
      reporting_growth_large_mib: growth(l),
      gateway_peak_small_mib: s.peak_rss_mib['api-gateway'],
      gateway_peak_large_mib: l.peak_rss_mib['api-gateway'],
      gateway_ratio: ratio(l.peak_rss_mib['api-gateway'], s.peak_rss_mib['api-gateway']),
      time_ratio: ratio(l.seconds, s.seconds),
      size_ratio: ratio(l.bytes, s.bytes),
    };
    const cappedOk = (run) => {
      const r = run.heap_capped?.find((e) => e.endpoint === s.endpoint);
      return r ? (r.valid ? `ok ${r.peak_rss_mib.reporting}` : 'FAIL') : '-';
    };
    c.heap_capped_small = cappedOk(small);
    c.heap_capped_large = cappedOk(large);
    comparison.push(c);
    console.log(`${pad(c.endpoint, 12)} ${lpad(c.reporting_peak_small_mib, 10)} ${lpad(c.reporting_peak_large_mib, 10)} ${lpad(c.reporting_ratio, 6)} ${lpad(c.reporting_growth_small_mib, 7)} ${lpad(c.reporting_growth_large_mib, 7)}  ${lpad(c.gateway_peak_small_mib, 9)} ${lpad(c.gateway_peak_large_mib, 9)} ${lpad(c.gateway_ratio, 6)}  ${lpad(c.time_ratio, 7)} ${lpad(c.size_ratio, 7)}  ${c.heap_capped_small} / ${c.heap_capped_large}`);
  }
  console.log('(+small/+large: reporting peak minus its RSS just before the request; capped: the request with the reporting heap capped, ok and its peak RSS, or FAIL)');
  return comparison;
}

async function main() {
  const result = { sizes: [] };
  const scans = [];
  for (const size of sizes()) {
    const t0 = Date.now();
    const scan = await generateToolkitScan(join(DATA, `results-scan-${size.resources}r-${size.packages}p.json`), { resources: size.resources, packages: size.packages, depsPerPackage: 3 });
    console.log(`scan ${label(size)}: ${scan.files} files, ${scan.directories} directories, ${scan.dependencies} dependencies, ${scan.licensed_files_pct}% files with licenses, ${(scan.bytes / 2 ** 20).toFixed(0)} MiB${scan.cached ? ' (cached)' : ` (generated in ${((Date.now() - t0) / 1000).toFixed(1)} s)`}`);
    scans.push({ size, scan });
  }
  const bench = await startBenchStack('results');
  try {
    for (const { size, scan } of scans) {
      const load = await loadInventory(bench, scan, size);
      console.log(`${label(size)}: load_inventory ${load.wall_seconds.toFixed(1)} s (${load.resources} resources, ${load.packages} packages, ${load.dependencies} dependencies)`);
      const endpoints = [];
      for (const endpoint of ENDPOINTS) {
        const r = await measure(bench, load.uuid, endpoint, load, `${size.resources}`);
        console.log(`  ${endpoint.name}: HTTP ${r.status} ${r.seconds} s ${(r.bytes / 2 ** 20).toFixed(1)} MiB, reporting ${r.rss_before_mib.reporting}->${r.peak_rss_mib.reporting} MiB, gateway ${r.rss_before_mib['api-gateway']}->${r.peak_rss_mib['api-gateway']} MiB ${r.valid ? 'ok' : 'FAIL'} ${(r.check ?? r.error ?? '').slice(0, 200)}`);
        endpoints.push(r);
      }
      const capped = [];
      for (const endpoint of HEAP_CAP_MIB ? ENDPOINTS : []) {
        const r = await measure(bench, load.uuid, endpoint, load, `${size.resources}-capped`, { heapCapMib: HEAP_CAP_MIB });
        console.log(`  ${endpoint.name} (heap cap ${HEAP_CAP_MIB} MiB): HTTP ${r.status} ${r.seconds} s, reporting ${r.rss_before_mib.reporting}->${r.peak_rss_mib.reporting} MiB ${r.valid ? 'ok' : 'FAIL'} ${(r.error ?? (r.valid ? '' : r.check) ?? '').slice(0, 200)}`);
        capped.push(r);
      }
      const { path, ...scanInfo } = scan;
      result.sizes.push({ size, scan: { ...scanInfo, file: path.slice(__dirname.length + 1) }, load_inventory: load, endpoints, ...(capped.length ? { heap_capped: capped } : {}) });
    }
  } finally {
    await bench.stop();
  }
  for (const s of result.sizes) printTable(s.size, s.load_inventory, s.endpoints, s.heap_capped);
  if (result.sizes.length > 1) result.comparison = compare(result.sizes);
  return result;
}

module.exports = { name: 'results', main, validate, jsonShape };
