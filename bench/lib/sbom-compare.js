// CycloneDX SBOMs of the same tree compared by package URL, and checked with cdxgen's cdx-validate
// against OWASP SCVS level 1 and the EU CRA minimum elements.
const { execFile } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { promisify } = require('node:util');

/** A purl without qualifiers or subpath, percent-decoded: what names a package across tools. */
function purlKey(purl) {
  const bare = String(purl).split(/[?#]/)[0];
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/** The npm packages a BOM names (type npm only: cdxgen also lists files and tools of other types). */
function bomPurls(bomPath, type = 'npm') {
  const bom = JSON.parse(readFileSync(bomPath, 'utf8'));
  const components = bom.components ?? [];
  const keys = new Set(components.map((c) => c.purl).filter((p) => p && p.startsWith(`pkg:${type}/`)).map(purlKey));
  return { components: components.length, purls: keys, bom };
}

/**
 * Why cdxgen lists a package that `ours` lacks, when the tree says: an alias (`npm:` in the
 * lockfile, installed under another name), or an optional dependency the lockfile records but
 * npm did not install.
 */
function explainMissing(purl, lock) {
  const entries = Object.entries(lock.packages ?? {});
  const [name, version] = [purl.replace(/^pkg:npm\//, '').replace(/@[^@/]*$/, ''), purl.replace(/^.*@/, '')];
  const installed = entries.filter(([key, e]) => key.endsWith(`node_modules/${name}`) || e.name === name);
  if (installed.some(([, e]) => e.name === name && e.version === version && e.name !== undefined)) return 'alias (installed under another name)';
  const optional = installed.filter(([, e]) => e.optional && e.version === version);
  if (optional.length) return 'optional dependency recorded in the lockfile';
  return null;
}

/** Purl differences both ways, with what explains cdxgen's extras. */
function comparePurls(cdxgen, ours, lockPath) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const missing = [...cdxgen].filter((p) => !ours.has(p)).sort();
  const explained = missing.map((p) => ({ purl: p, why: explainMissing(p, lock) }));
  return {
    in_cdxgen_not_ours: explained,
    unexplained_missing: explained.filter((m) => !m.why).map((m) => m.purl),
    in_ours_not_cdxgen: [...ours].filter((p) => !cdxgen.has(p)).sort().slice(0, 40),
    in_ours_not_cdxgen_count: [...ours].filter((p) => !cdxgen.has(p)).length,
  };
}

/** cdx-validate's benchmark results for SCVS level 1 and CRA: each failing control with its message. */
async function validateBom(cdxgenTool, bomPath, reportPath) {
  const bin = join(cdxgenTool, 'node_modules', '@cyclonedx', 'cdxgen', 'bin', 'validate.js');
  await promisify(execFile)(process.execPath, [bin, '-i', bomPath, '-r', 'json', '-o', reportPath, '--no-include-manual', '-b', 'scvs-l1,cra'], { maxBuffer: 1 << 26 }).catch((e) => {
    // Exit 3 is "a failing finding at or above the fail severity": the report is still written.
    if (e.code !== 3) throw e;
  });
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  return {
    schema_valid: report.schemaValid,
    benchmarks: (report.benchmarks ?? []).map((b) => ({
      id: b.id,
      pass: b.pass,
      fail: b.fail,
      failing: (b.controls ?? []).filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.message}`),
    })),
  };
}

module.exports = { bomPurls, comparePurls, purlKey, validateBom };
