#!/usr/bin/env node
// Trains the character-pair model of gibberish.ts (ScanCode's approach: average transition
// probability between the characters a-z, 0-9, "-" and space) and writes gibberish-model.json.
// Training text: the English license texts and Debian copyright files of a Debian machine
// (/usr/share/common-licenses, /usr/share/doc/*/copyright). The threshold sits between the
// lowest score of real statement lines and the highest score of generated junk lines
// (base64, hex, source-map mappings). Run: node libs/scanner/src/copyright/data/generate-gibberish-model.js
const { readFileSync, readdirSync, existsSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { createHash } = require('node:crypto');

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789- ';
const K = CHARS.length;
const normalize = (line) =>
  [...line.toLowerCase().replace(/©|\(c\)| c\)/g, ' copyright ').replace(/@/g, ' ')].filter((c) => CHARS.includes(c)).join('');

const texts = [];
for (const f of readdirSync('/usr/share/common-licenses')) texts.push(readFileSync(join('/usr/share/common-licenses', f), 'utf8'));
const statements = [];
for (const d of readdirSync('/usr/share/doc').sort()) {
  const p = join('/usr/share/doc', d, 'copyright');
  if (!existsSync(p)) continue;
  const t = readFileSync(p, 'utf8');
  texts.push(t);
  for (const l of t.split('\n')) if (/copyright/i.test(l) && /[a-z]{3}/.test(l)) statements.push(l);
}

const counts = Array.from({ length: K }, () => new Array(K).fill(10));
for (const t of texts) {
  for (const line of t.split('\n')) {
    const n = normalize(line);
    for (let i = 0; i + 1 < n.length; i++) counts[CHARS.indexOf(n[i])][CHARS.indexOf(n[i + 1])]++;
  }
}
const logProb = counts.map((row) => {
  const sum = row.reduce((a, b) => a + b, 0);
  return row.map((v) => +Math.log(v / sum).toFixed(4));
});
const score = (line) => {
  const n = normalize(line);
  let lp = 0;
  let c = 0;
  for (let i = 0; i + 1 < n.length; i++) {
    lp += logProb[CHARS.indexOf(n[i])][CHARS.indexOf(n[i + 1])];
    c++;
  }
  return Math.exp(lp / (c || 1));
};

// Deterministic junk: base64 and hex of hashes, and source-map-like mappings.
const junk = [];
for (let i = 0; i < 300; i++) {
  const h = createHash('sha512').update(String(i)).digest();
  junk.push(h.toString('base64'), h.toString('hex'), h.toString('base64').replace(/[+/=]/g, '').replace(/(.{5})/g, '$1,').replace(/(.{24})/g, '$1;'));
}
const good = statements.filter((l) => normalize(l).length > 20);
const goodScores = good.map(score).sort((a, b) => a - b);
const badMax = Math.max(...junk.map(score));
// Statement lines vary (names, emails): the threshold keeps 99.5% of them above it.
const goodLow = goodScores[Math.floor(goodScores.length * 0.005)];
// Closer to the junk than to the statements: a rare name or a hash in a statement line is no junk.
const threshold = goodLow > badMax ? badMax + (goodLow - badMax) / 4 : badMax + 0.001;
writeFileSync(join(__dirname, 'gibberish-model.json'), `${JSON.stringify({ chars: CHARS, threshold: +threshold.toFixed(5), logProb })}\n`);
console.log({ texts: texts.length, statements: good.length, goodLow, badMax, threshold });
