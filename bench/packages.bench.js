// Issue 4 benchmark: inspect_packages and scan_codebase through the API on a real npm tree with
// its lockfile, checked against `npm ls --all --json` and run side by side with cdxgen; and the
// dpkg parser on a debootstrap minbase root filesystem against dpkg-query.
const { execFile, execFileSync, spawnSync } = require('node:child_process');
const { promisify } = require('node:util');
const { existsSync, mkdirSync, openAsBlob, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { PACKAGES } = require('./lib/npm-tree');
const { startBenchStack } = require('./lib/bench-stack');
const { cdxgenBin } = require('./lib/cdxgen');
const { withPeakRss } = require('./lib/memory');
const { waitForRunEnd } = require('./lib/wait');
const { assertNoneMissing, assertSameCounts, toolkitCounts } = require('./lib/verify');

const DATA = join(__dirname, '.data');

function npmLockTree() {
  const dir = join(DATA, 'npm-lock-tree');
  if (existsSync(join(dir, 'package-lock.json')) && existsSync(join(dir, 'node_modules'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-lock-tree', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...PACKAGES], { cwd: dir, stdio: 'inherit' });
  return dir;
}

function npmPurl(name, version) {
  const [ns, n] = name.startsWith('@') ? name.split('/') : [null, name];
  return `pkg:npm/${ns ? `${encodeURIComponent(ns)}/` : ''}${n}@${version}`;
}

/** The purls `npm ls --all --json` reports (each name@version once). */
function npmLsPurls(dir) {
  const out = spawnSync('npm', ['ls', '--all', '--json'], { cwd: dir, maxBuffer: 1 << 28, encoding: 'utf8' });
  const tree = JSON.parse(out.stdout);
  const purls = new Set([npmPurl(tree.name, tree.version)]);
  const walk = (deps) => {
    for (const [name, d] of Object.entries(deps ?? {})) {
      if (!d.version) continue;
      purls.add(npmPurl(name, d.version));
      walk(d.dependencies);
    }
  };
  walk(tree.dependencies);
  return purls;
}

/** Dependency edges of the lockfile: (package purl, dependency name), from its `packages` map. */
function lockfileEdges(dir) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const edges = new Set();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key === '' ? lock.name : entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 13);
    const from = npmPurl(name, entry.version ?? lock.version);
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.devDependencies, ...entry.peerDependencies })) edges.add(`${from} -> ${dep}`);
  }
  return edges;
}

function countFiles(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += 1 + countFiles(join(dir, e.name));
    else n++;
  }
  return n;
}

async function runPipeline(bench, pipeline, tarball) {
  const form = new FormData();
  form.set('name', `bench ${pipeline} ${Date.now()}`);
  form.set('pipeline', pipeline);
  form.set('execute_now', 'true');
  form.set('upload_file', await openAsBlob(tarball), 'npm-lock-tree.tar.gz');
  const t0 = Date.now();
  const { result, peak } = await withPeakRss(bench.stack.children, async () => {
    const created = await (await fetch(`${bench.baseUrl}/api/projects/`, { method: 'POST', body: form })).json();
    return { run: await waitForRunEnd(created.runs[0].url), uuid: created.uuid };
  });
  if (result.run.status !== 'success') throw new Error(`${pipeline} ${result.run.status}: ${result.run.task_output}`);
  const get = async (what) => (await fetch(`${bench.baseUrl}/api/projects/${result.uuid}/${what}/`)).json();
  const steps = String(result.run.log).split('\n').filter((l) => / completed in /.test(l)).map((l) => l.replace(/^\S+ \S+ /, ''));
  return { seconds: (Date.now() - t0) / 1000, runner_peak_rss_mib: peak['pipeline-runner'], get, uuid: result.uuid, steps };
}

/**
 * codescan on the same tarball the service gets: the reference the pipelines are checked against.
 * Asynchronous: this process serves the stack's S3 endpoint, and a blocked event loop leaves
 * stale keep-alive sockets behind.
 */
async function codescanReference(tarball) {
  const out = join(DATA, 'codescan-reference.json');
  await promisify(execFile)(process.execPath, [join(__dirname, '..', 'bin', 'codescan.js'), tarball, '--json', out, '-p', '-i', '-l', '-c', '-e', '-u', '-q', '-n', '2']);
  return toolkitCounts(out);
}

/** The same counts from a project, through the API. */
async function projectCounts(run, inputName) {
  const resources = (await run.get('resources')).filter((r) => r.type === 'file' && r.path !== inputName);
  const byStatus = {};
  for (const r of resources) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    files: resources.length,
    by_status: byStatus,
    files_without_status: byStatus[''] ?? 0,
    datafiles: byStatus['application-package'] ?? 0,
    empty_files: byStatus['ignored-empty-file'] ?? 0,
    scanned_files_with_license: resources.filter((r) => r.status.startsWith('scanned') && r.detected_license_expression).length,
    files_with_copyright: resources.filter((r) => r.copyrights.length > 0).length,
    purls: (await run.get('packages')).map((p) => p.purl).sort(),
  };
}

/** Asynchronous throughout: this process serves the stack's S3 endpoint (see codescanReference). */
async function cdxgen(dir) {
  const bin = await cdxgenBin(DATA);
  const out = join(DATA, 'cdxgen-bom.json');
  const t0 = Date.now();
  const status = await promisify(execFile)(process.execPath, [bin, '-t', 'js', '-o', out, dir], { env: { ...process.env, FETCH_LICENSE: 'false', CDXGEN_DEBUG_MODE: '' }, timeout: 900_000, maxBuffer: 1 << 28 }).then(() => 0, (e) => e.code ?? 1);
  const seconds = (Date.now() - t0) / 1000;
  if (status !== 0 || !existsSync(out)) return { error: `cdxgen exited ${status}`, seconds };
  const bom = JSON.parse(readFileSync(out, 'utf8'));
  const purls = new Set((bom.components ?? []).map((c) => c.purl).filter(Boolean).map((p) => p.split('?')[0]));
  return { seconds, components: (bom.components ?? []).length, unique_purls: purls.size };
}

/** debootstrap minbase (bookworm) once; then the dpkg parser against dpkg-query on it. */
function debianRootfs() {
  const root = join(DATA, 'rootfs-bookworm');
  if (!existsSync(join(root, 'var', 'lib', 'dpkg', 'status'))) {
    try {
      execFileSync('debootstrap', ['--version'], { stdio: 'ignore' });
    } catch {
      execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap'], { stdio: 'inherit' });
    }
    rmSync(root, { recursive: true, force: true });
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', root, 'http://deb.debian.org/debian'], { stdio: 'inherit' });
  }
  const expected = new Set(execFileSync('dpkg-query', [`--admindir=${join(root, 'var/lib/dpkg')}`, '-W', '-f', '${Package} ${Version}\n'], { encoding: 'utf8' }).trim().split('\n'));
  const out = join(DATA, 'rootfs-status.json');
  const t0 = Date.now();
  execFileSync(process.execPath, [join(__dirname, '..', 'bin', 'codescan.js'), join(root, 'var/lib/dpkg/status'), '--json', out, '--package', '--info', '--quiet']);
  const seconds = (Date.now() - t0) / 1000;
  const scan = JSON.parse(readFileSync(out, 'utf8'));
  const found = new Set(scan.files.flatMap((f) => f.package_data ?? []).map((p) => `${p.name} ${p.version}`));
  return {
    dpkg_query_packages: expected.size,
    parsed_packages: found.size,
    missing: [...expected].filter((x) => !found.has(x)),
    extra: [...found].filter((x) => !expected.has(x)),
    codescan_seconds: seconds,
  };
}

async function main() {
  const tree = npmLockTree();
  const tarball = join(DATA, 'npm-lock-tree.tar.gz');
  if (!existsSync(tarball)) execFileSync('tar', ['-czf', tarball, '-C', DATA, 'npm-lock-tree']);
  const files = countFiles(tree);
  const expected = npmLsPurls(tree);
  const edges = lockfileEdges(tree);
  const result = { tree: { files_and_dirs: files, npm_ls_packages: expected.size, lockfile_edges: edges.size } };

  const bench = await startBenchStack('packages');
  try {
    const reference = await codescanReference(tarball);
    const inspect = await runPipeline(bench, 'inspect_packages:StaticResolver', tarball);
    const packages = await inspect.get('packages');
    const deps = await inspect.get('dependencies');
    const purls = new Set(packages.map((p) => p.purl));
    const byUid = new Map(packages.map((p) => [p.package_uid, p]));
    const depName = (purl) => decodeURIComponent(purl.replace(/^pkg:npm\//, '').replace(/@[^@/]*$/, ''));
    const ourEdges = new Set(deps.filter((d) => d.for_package_uid && byUid.has(d.for_package_uid)).map((d) => `${byUid.get(d.for_package_uid).purl} -> ${depName(d.purl)}`));
    result.inspect_packages = {
      seconds: inspect.seconds,
      steps: inspect.steps,
      runner_peak_rss_mib: inspect.runner_peak_rss_mib,
      packages: purls.size,
      missing_vs_npm_ls: [...expected].filter((p) => !purls.has(p)),
      extra_vs_npm_ls: [...purls].filter((p) => !expected.has(p)).slice(0, 20),
      dependencies: deps.length,
      resolved_dependencies: deps.filter((d) => d.resolved_to_package_uid).length,
      lockfile_edges_found: [...edges].filter((e) => ourEdges.has(e)).length,
      lockfile_edges_missing: [...edges].filter((e) => !ourEdges.has(e)).slice(0, 20),
    };
    // Checked before any figure is kept: every npm ls package and lockfile edge, every datafile codescan reads.
    assertNoneMissing('inspect_packages: npm ls packages', result.inspect_packages.missing_vs_npm_ls);
    assertNoneMissing('inspect_packages: lockfile edges', [...edges].filter((e) => !ourEdges.has(e)));
    const inspected = await projectCounts(inspect, 'npm-lock-tree.tar.gz');
    assertSameCounts('inspect_packages vs codescan', reference, inspected, ['files', 'datafiles']);
    result.inspect_packages.verified = { files: inspected.files, datafiles: inspected.datafiles, packages: purls.size };
    if (!process.env.BENCH_QUICK) result.cdxgen = await cdxgen(tree);
    result.faster_than_cdxgen = result.cdxgen?.seconds ? +(result.cdxgen.seconds / inspect.seconds).toFixed(2) : null;

    const scan = await runPipeline(bench, 'scan_codebase', tarball);
    const detail = await (await fetch(`${bench.baseUrl}/api/projects/${scan.uuid}/`)).json();
    const scanned = await projectCounts(scan, 'npm-lock-tree.tar.gz');
    assertSameCounts('scan_codebase', { files_without_status: 0 }, scanned, ['files_without_status']);
    assertSameCounts('scan_codebase vs codescan', reference, scanned, ['files', 'datafiles', 'empty_files', 'scanned_files_with_license', 'purls']);
    result.scan_codebase = {
      verified: {
        files: scanned.files,
        by_status: scanned.by_status,
        scanned_files_with_license: scanned.scanned_files_with_license,
        files_with_copyright: scanned.files_with_copyright,
        packages: scanned.purls.length,
        same_as_codescan: ['files', 'datafiles', 'empty_files', 'scanned_files_with_license', 'purls'],
      },
      seconds: scan.seconds,
      steps: scan.steps,
      resources: detail.resource_count,
      packages: detail.package_count,
      dependencies: detail.dependency_count,
      files_per_s: Math.round(detail.resource_count / scan.seconds),
      runner_peak_rss_mib: scan.runner_peak_rss_mib,
    };
  } finally {
    await bench.stop();
  }
  if (process.env.BENCH_QUICK) return result;
  try {
    result.debian_rootfs = debianRootfs();
  } catch (e) {
    result.debian_rootfs = { error: e.message };
  }
  return result;
}

module.exports = { name: 'packages', main };
