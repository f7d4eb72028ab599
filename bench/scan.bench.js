// Issue 3 benchmark: codescan on a real npm tree (2 cores), side by side with Debian's
// licensecheck, peak memory, and the time of half the tree to check linear growth.
const { execFileSync, spawn } = require('node:child_process');
const { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } = require('node:fs');
const { basename, join } = require('node:path');
const { assertNoneMissing, assertSameCounts, toolkitCounts } = require('./lib/verify');
const { npmTree } = require('./lib/npm-tree');

/** Paths of the regular files under `dir`, as codescan names them (starting with the folder's name). */
function filePaths(dir, prefix = basename(dir), out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) filePaths(join(dir, e.name), `${prefix}/${e.name}`, out);
    else if (e.isFile()) out.push(`${prefix}/${e.name}`);
  }
  return out;
}

/** A codescan output that holds every file of the tree, once. */
function verifyScan(what, jsonPath, onDisk) {
  const counts = toolkitCounts(jsonPath);
  assertNoneMissing(`${what}: files on disk missing from the scan`, onDisk.filter((p) => !counts.paths.has(p)));
  assertSameCounts(what, { files: onDisk.length }, counts, ['files']);
  return counts;
}

/** Runs a command, sampling the peak RSS of it and its children (threads included). */
function timed(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'] });
    let peak = 0;
    const timer = setInterval(() => {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(require('node:fs').readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb);
      } catch {
        // process gone
      }
    }, 100);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0 && !opts.allowFail) reject(new Error(`${cmd} exited ${code}`));
      else resolve({ seconds: (Date.now() - t0) / 1000, peak_rss_mib: Math.round(peak / 1024) });
    });
  });
}

function ensureLicensecheck() {
  try {
    execFileSync('licensecheck', ['--version'], { stdio: 'ignore' });
  } catch {
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq licensecheck'], { stdio: 'inherit' });
  }
}

/** The file type's cost per file on one thread (text-magic, libmagic when it must): every file's first MiB described, as file info does. */
async function fileTypeCost(tree) {
  const { detectMagic, MAGIC_HEAD_BYTES } = require(join(__dirname, '..', 'dist', 'libs', 'scanner', 'src', 'info', 'magic-detector.js'));
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.isFile()) files.push(join(dir, e.name));
    }
  };
  walk(tree);
  await detectMagic(Buffer.from('warm up'));
  let ns = 0n;
  for (const file of files) {
    const head = readFileSync(file).subarray(0, MAGIC_HEAD_BYTES);
    const t0 = process.hrtime.bigint();
    await detectMagic(head);
    ns += process.hrtime.bigint() - t0;
  }
  return +(Number(ns) / 1e6 / files.length).toFixed(3);
}

/**
 * The license index's load time in a fresh process, as a scan pays it: the index file read once
 * into shared memory, then a worker's decode of it (the JSON header; the arrays are viewed in place).
 * The index must hold the LicenseDB's rules before the time counts.
 */
function indexLoad() {
  const dist = join(__dirname, '..', 'dist', 'libs', 'scanner', 'src', 'license');
  const script = `
    const t0 = process.hrtime.bigint();
    const file = require(${JSON.stringify(join(dist, 'index-data', 'index-file.js'))});
    const { getLicenseIndex } = require(${JSON.stringify(join(dist, 'license-index.js'))});
    const buffer = file.licenseIndexBuffer();
    const t1 = process.hrtime.bigint();
    file.useLicenseIndexBuffer(buffer);
    const index = getLicenseIndex();
    const t2 = process.hrtime.bigint();
    process.stdout.write(JSON.stringify({ rules: index.rules.length, read_ms: Number(t1 - t0) / 1e6, decode_ms: Number(t2 - t1) / 1e6 }));`;
  const r = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  if (r.rules < 35000) throw new Error(`license index: ${r.rules} rules, expected the LicenseDB's 35,000 and more`);
  return { rules: r.rules, read_ms: Math.round(r.read_ms), decode_ms: Math.round(r.decode_ms) };
}

async function main() {
  const dataDir = join(__dirname, '.data');
  mkdirSync(dataDir, { recursive: true });
  const tree = npmTree(dataDir);
  const onDisk = filePaths(tree);
  const files = onDisk.length;
  const codescan = join(__dirname, '..', 'bin', 'codescan.js');
  const out = join(dataDir, 'scan-out.json');
  const full = await timed(process.execPath, [codescan, tree, '--json', out, '--processes', '2', '--quiet']);
  const fullCounts = verifyScan('full scan', out, onDisk);

  // Where the time goes: file info alone (hashes, libmagic, language) and the text scanners alone.
  const infoOut = join(dataDir, 'scan-info.json');
  const textOut = join(dataDir, 'scan-text.json');
  const infoOnly = await timed(process.execPath, [codescan, tree, '--json', infoOut, '--processes', '2', '--quiet', '--info']);
  const textOnly = await timed(process.execPath, [codescan, tree, '--json', textOut, '--processes', '2', '--quiet', '--license', '--copyright', '--email', '--url']);
  verifyScan('info only', infoOut, onDisk);
  // The text scanners alone must find what they find in the full scan.
  assertSameCounts('text scanners alone vs full scan', fullCounts, verifyScan('text scanners alone', textOut, onDisk), ['files_with_license', 'files_with_copyright', 'files_with_scan_errors']);

  // Half the tree: the first half of node_modules' packages, to check that time grows linearly.
  const half = join(dataDir, 'npm-tree-half');
  rmSync(half, { recursive: true, force: true });
  const pkgs = readdirSync(join(tree, 'node_modules')).sort();
  for (const p of pkgs.slice(0, Math.floor(pkgs.length / 2))) cpSync(join(tree, 'node_modules', p), join(half, 'node_modules', p), { recursive: true });
  const halfOnDisk = filePaths(half);
  const halfOut = join(dataDir, 'scan-half.json');
  const halfRun = await timed(process.execPath, [codescan, half, '--json', halfOut, '--processes', '2', '--quiet']);
  verifyScan('half tree', halfOut, halfOnDisk);

  ensureLicensecheck();
  const lc = await timed('licensecheck', ['-r', tree], { allowFail: true });

  // Verified above; only now the figures.
  const result = {
    files,
    verified: {
      files_in_scan: fullCounts.files,
      files_with_license: fullCounts.files_with_license,
      files_with_copyright: fullCounts.files_with_copyright,
      files_with_scan_errors: fullCounts.files_with_scan_errors,
    },
    codescan: { ...full, files_per_s: Math.round(files / full.seconds) },
    breakdown: { info_only_s: infoOnly.seconds, scanners_without_info_s: textOnly.seconds, file_type_serial_ms_per_file: await fileTypeCost(tree) },
    half: { files: halfOnDisk.length, ...halfRun, files_per_s: Math.round(halfOnDisk.length / halfRun.seconds) },
    licensecheck: { ...lc, files_per_s: Math.round(files / lc.seconds) },
    license_index_load: indexLoad(),
  };
  result.speedup_vs_licensecheck = +(result.codescan.files_per_s / result.licensecheck.files_per_s).toFixed(2);
  result.output_mib = Math.round(statSync(out).size / 1024 ** 2);
  return result;
}

module.exports = { name: 'scan', main };
