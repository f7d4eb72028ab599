// cdxgen (@cyclonedx/cdxgen), the SBOM generator the benchmarks run side by side with the
// service: installed once under the benchmark's data directory (install scripts off), run with
// network lookups off (FETCH_LICENSE=false, no package metadata fetch) and, when this process
// may (root with util-linux's unshare), in a network namespace of its own so it cannot look
// anything up at all.
const { execFile, execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { withPeakTreeRss } = require('./process-rss');

/** The cdxgen entry point, installed into `<dataDir>/cdxgen-tool` when missing. Asynchronous: benches serve S3 from this process. */
async function cdxgenBin(dataDir) {
  const tool = join(dataDir, 'cdxgen-tool');
  const bin = join(tool, 'node_modules', '@cyclonedx', 'cdxgen', 'bin', 'cdxgen.js');
  if (!existsSync(bin)) {
    mkdirSync(tool, { recursive: true });
    writeFileSync(join(tool, 'package.json'), '{"name":"cdxgen-tool","private":true}');
    await promisify(execFile)('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '@cyclonedx/cdxgen'], { cwd: tool });
  }
  return bin;
}

function cdxgenVersion(bin) {
  return require(join(bin, '..', '..', 'package.json')).version;
}

/** True when `unshare --net` works here (root, util-linux). */
function canIsolateNetwork() {
  try {
    execFileSync('unshare', ['--net', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const OFFLINE_ENV = { FETCH_LICENSE: 'false', CDXGEN_FETCH_PKG_METADATA: 'false', SEARCH_MAVEN_ORG: 'false', GO_FETCH_VCS: 'false', CDXGEN_DEBUG_MODE: '' };

/**
 * Runs `cdxgen <args>`; returns its exit status, wall time and the peak RSS of its process tree
 * (cdxgen starts helpers such as trivy). `isolate` runs it without network when possible.
 */
async function runCdxgen(bin, args, { isolate = true, timeoutMs = 900_000 } = {}) {
  const offline = isolate && canIsolateNetwork();
  const [cmd, cmdArgs] = offline ? ['unshare', ['--net', process.execPath, bin, ...args]] : [process.execPath, [bin, ...args]];
  // cdxgen leaves its extracted images in its temp directory (144 MiB a run here): its own, removed after.
  const tmp = mkdtempSync(join(tmpdir(), 'cdxgen-bench-'));
  const child = spawn(cmd, cmdArgs, { env: { ...process.env, ...OFFLINE_ENV, TMPDIR: tmp, CDXGEN_TEMP_DIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const t0 = Date.now();
  const { result: status, peak } = await withPeakTreeRss({ cdxgen: child.pid }, () => new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ? signal : code));
  }), { intervalMs: 100 });
  clearTimeout(timer);
  rmSync(tmp, { recursive: true, force: true });
  return { status, seconds: (Date.now() - t0) / 1000, peak_rss_mib: peak.cdxgen, network: offline ? 'none (unshare --net)' : 'lookups off by environment', version: cdxgenVersion(bin), stderr };
}

module.exports = { cdxgenBin, runCdxgen, OFFLINE_ENV };
