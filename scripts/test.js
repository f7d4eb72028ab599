#!/usr/bin/env node
// `npm test`: every unit, integration and end-to-end test, then one summary line for CI.
const { spawnSync } = require('node:child_process');
const { readFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
mkdirSync(join(root, 'var'), { recursive: true });
// Debian tools some tests need (rpm, skopeo, docker-registry...), installed when missing.
spawnSync('bash', [join(__dirname, 'test-tools.sh')], { stdio: 'inherit' });
const report = join(root, 'var', 'jest-report.json');
const args = ['--json', `--outputFile=${report}`, '--maxWorkers=2', ...process.argv.slice(2)];
const result = spawnSync(process.execPath, [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
let summary = null;
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  // Jest died before writing its report; the exit code says so.
}
if (summary) {
  const failedSuites = summary.numFailedTestSuites ?? 0;
  const failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  console.log(`\n${summary.numPassedTests} passed, ${failed} failed, ${summary.numPendingTests} skipped${failedSuites ? ` (${failedSuites} suite(s) failed)` : ''}`);
}
process.exit(result.status ?? 1);
