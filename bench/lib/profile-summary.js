#!/usr/bin/env node
// Summarizes .cpuprofile files: self time by function and by package/area, as a share of the
// samples. `node bench/lib/profile-summary.js <file.cpuprofile>... [--top N] [--merge]`; --merge
// sums the files into one summary (a worker thread's profile comes in several files).
const { readFileSync } = require('node:fs');

function area(url) {
  if (!url) return '(native/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = url.match(/dist\/(apps|libs)\/([^/]+)/);
  return m ? `${m[1]}/${m[2]}` : url;
}

/** Sample counts by call frame of the files together. */
function selfCounts(files) {
  const self = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const id of profile.samples) {
      const cf = byId.get(id).callFrame;
      const entry = self.get(cf) ?? self.get(`${cf.functionName}|${cf.url}|${cf.lineNumber}`);
      if (entry) entry.count++;
      else self.set(`${cf.functionName}|${cf.url}|${cf.lineNumber}`, { cf, count: 1 });
    }
    total += profile.samples.length;
  }
  return { self: [...self.values()], total };
}

function summarize(files, top) {
  const { self, total } = selfCounts(files);
  const file = files.join(' + ');
  const fn = new Map();
  const areas = new Map();
  let idle = 0;
  for (const { cf, count } of self) {
    if (cf.functionName === '(idle)') {
      idle += count;
      continue;
    }
    const key = `${cf.functionName || '(anonymous)'} ${cf.url ? `${cf.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${cf.lineNumber + 1}` : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + count);
    const a = cf.functionName === '(garbage collector)' ? '(gc)' : cf.functionName === '(program)' ? '(program)' : area(cf.url);
    areas.set(a, (areas.get(a) ?? 0) + count);
  }
  const busy = total - idle;
  const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;
  console.log(`\n${file}: ${total} samples, busy ${pct(busy, total)}`);
  console.log('  by area (share of busy):');
  for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(v, busy).padStart(6)}  ${k}`);
  console.log('  by function (share of busy):');
  for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(v, busy).padStart(6)}  ${k}`);
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const files = args.filter((a, i) => a !== '--top' && a !== '--merge' && (topAt < 0 || i !== topAt + 1));
if (args.includes('--merge')) summarize(files, top);
else for (const f of files) summarize([f], top);
