// Issue 20 benchmark: copyright, holder and author detection on ScanCode's own copyright tests
// (../shared/corpora/copyright-dev): the share of files whose detected set equals ScanCode's
// expected set, per kind, the most frequent kinds of miss, and the detector's throughput there
// and on the npm tree of the scan benchmark (text already read, one thread). The figures are
// checked (every kind measured, the corpus fully read, the npm tree's statements found again
// identically on a second pass) before any speed is printed.
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { loadavg } = require('node:os');
const { npmTree } = require('./lib/npm-tree');

const dist = (...p) => require(join(__dirname, '..', 'dist', 'libs', 'scanner', 'src', ...p));
const { measureCopyrightCorpus } = dist('copyright', 'accuracy', 'measure-corpus');
const { detectCopyrights } = dist('copyright');
const { textLines } = dist('text');

const CORPUS = join(__dirname, '..', '..', 'shared', 'corpora', 'copyright-dev');

function treeFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) treeFiles(join(dir, e.name), out);
    else if (e.isFile()) out.push(join(dir, e.name));
  }
  return out;
}

/** Detection over every file of the tree: statements found and CPU seconds of the detector. */
function scanTree(files) {
  let statements = 0;
  let bytes = 0;
  let cpu = 0;
  const found = [];
  for (const file of files) {
    const content = readFileSync(file);
    const lines = textLines(content);
    const t0 = process.cpuUsage();
    const r = detectCopyrights(lines, { path: file });
    const t = process.cpuUsage(t0);
    cpu += (t.user + t.system) / 1e6;
    bytes += content.length;
    statements += r.copyrights.length + r.holders.length + r.authors.length;
    found.push(r.copyrights.length);
  }
  return { statements, bytes, cpu, found };
}

async function main() {
  const load_before = loadavg().map((l) => +l.toFixed(2));
  const corpus = measureCopyrightCorpus(CORPUS);
  for (const k of corpus.kinds) if (!(k.files > 0)) throw new Error(`no file measured for ${k.kind}`);
  if (corpus.scanned < 1900) throw new Error(`only ${corpus.scanned} corpus files read`);

  const files = treeFiles(npmTree(join(__dirname, '.data')));
  const first = scanTree(files); // warms the lexer cache, as a long scan does
  const second = scanTree(files);
  if (first.statements !== second.statements || first.found.some((n, i) => n !== second.found[i])) throw new Error('the npm tree gave different statements on a second pass');
  if (second.statements === 0) throw new Error('no statement found in the npm tree');

  return {
    corpus: {
      files: corpus.scanned,
      left_out_expected_failures: corpus.excluded,
      exact: Object.fromEntries(corpus.kinds.map((k) => [k.kind, { files: k.files, exact: k.exact, percent: k.percent }])),
      most_frequent_misses: corpus.missCounts.slice(0, 10).map((m) => `${m.count} ${m.kind} ${m.category}`),
      detect_seconds: +corpus.detectSeconds.toFixed(2),
      mib_per_s: +(corpus.bytes / 1024 ** 2 / corpus.detectSeconds).toFixed(2),
      files_per_s: Math.round(corpus.scanned / corpus.detectSeconds),
    },
    npm_tree: {
      files: files.length,
      statements: second.statements,
      cpu_seconds_first_pass: +first.cpu.toFixed(2),
      cpu_seconds: +second.cpu.toFixed(2),
      files_per_cpu_s: Math.round(files.length / second.cpu),
      mib_per_cpu_s: +(second.bytes / 1024 ** 2 / second.cpu).toFixed(1),
    },
    load_average: { before: load_before, after: loadavg().map((l) => +l.toFixed(2)) },
  };
}

module.exports = { name: 'copyright', main };
