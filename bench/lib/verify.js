// What a benchmark wrote, checked before it prints a speed: a fast wrong answer is a defect.
const { readFileSync } = require('node:fs');

/** Counts of a ScanCode-toolkit JSON written by codescan. */
function toolkitCounts(jsonPath) {
  const scan = JSON.parse(readFileSync(jsonPath, 'utf8'));
  const files = scan.files.filter((f) => f.type === 'file');
  const has = (list) => Array.isArray(list) && list.length > 0;
  const datafile = (f) => has(f.package_data);
  return {
    files: files.length,
    paths: new Set(files.map((f) => f.path)),
    files_with_license: files.filter((f) => f.detected_license_expression).length,
    files_with_copyright: files.filter((f) => has(f.copyrights)).length,
    files_with_scan_errors: files.filter((f) => has(f.scan_errors)).length,
    datafiles: files.filter(datafile).length,
    // What scan_codebase scans for licenses: files that are neither empty nor package datafiles.
    scanned_files_with_license: files.filter((f) => f.size && !datafile(f) && f.detected_license_expression).length,
    empty_files: files.filter((f) => f.size === 0).length,
    purls: (scan.packages ?? []).map((p) => p.purl).sort(),
  };
}

/** Throws, listing every mismatch, unless each named count is equal on both sides. */
function assertSameCounts(what, expected, actual, keys) {
  const wrong = keys.filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(actual[k]));
  if (wrong.length === 0) return;
  const show = (v) => (Array.isArray(v) ? `${v.length} item(s)` : JSON.stringify(v));
  throw new Error(`${what}: ${wrong.map((k) => `${k} ${show(actual[k])}, expected ${show(expected[k])}`).join('; ')}`);
}

/** Throws when `missing` (paths, purls, edges) is not empty. */
function assertNoneMissing(what, missing) {
  if (missing.length === 0) return;
  throw new Error(`${what}: ${missing.length} missing, first: ${missing.slice(0, 5).join(', ')}`);
}

module.exports = { toolkitCounts, assertSameCounts, assertNoneMissing };
