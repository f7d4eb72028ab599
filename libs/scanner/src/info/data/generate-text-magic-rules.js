#!/usr/bin/env node
// Regenerates text-magic-rules.json from the libmagic build the scanner ships (wasmagic): the
// text rules libmagic tries on a text file, in its order, each with the tests one level down.
// Run it after upgrading wasmagic; text-magic.spec.ts then checks the result against libmagic.
//
// How: libmagic's debug mode prints every rule it tries. Describing a plain text file that no
// text rule matches lists every top-level text rule in strength order. A rule whose own
// description is empty only prints through its continuations, so a sample that passes its
// top-level test is described again and the continuations libmagic then tries are recorded.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { WASMagic, WASMagicFlags } = require('wasmagic');

const RULE = /^(\S+), (\d+): (>+) (\S+) (\w+)(?:&([0-9a-fA-F]*))?(?:\/(\S*))?,([=!<>&^x~])(.*),"(.*)"\]$/;
/** Any rule line; one RULE cannot read (a default or clear test, a masked type) becomes an unknown test. */
const ANY_RULE = /^(\S+), (\d+): (>+) /;

/** Samples that pass the top-level regular expressions of rules without a description of their own. */
const REGEX_SAMPLES = {
  '^[[:space:]]*(class|module)[[:space:]][A-Z]': 'class Foo\n',
  '[[:space:]]\\(([[:space:]].*)? -- (.*[[:space:]])?\\)': ': foo ( a -- b ) ;\n',
  '^PROC[[:space:]][a-zA-Z0-9_[:space:]]*[[:space:]]=': 'PROC foo =\n',
  '^[!-?A-~]{1,255}(\\t[^\\t]+){11}': 'a\tb\tc\td\te\tf\tg\th\ti\tj\tk\tl\n',
  '\\bREF[\\t ]': 'REF x\n',
  '^(:|;)': ':x\n',
  '^begin [0-7]{3} ': 'begin 644 x\n',
  '^MAX=[0-9]+,[0-9]+$': 'MAX=1,2\n',
  '\\bFLEX[\\t ]*\\[': 'FLEX [\n',
  '\\bMODE[\\t ]': 'MODE x\n',
  '^[^Cc \\t].*$': 'C x\nC y\n',
};

/**
 * Samples for rules whose continuations go deeper than one level past the top-level test: the
 * default sample passes the top-level test only, so libmagic's trace stops at the second level.
 * reStructuredText's `==` needs a line of `=` after it before its third level (an author field
 * or a directive) is tried; Markdown headings underlined with `=` pass the first two.
 */
const DEEP_SAMPLES = {
  'magic/rst:5': '==\n==\nfoo bar\n',
  // Unified diff's `--- ` uses a named rule (`+++ `, a line end, then `@@ -`): a whole hunk header reaches it.
  'magic/diff:114': '--- a\n+++ b\n@@ -1 +1 @@\n',
  // Ruby's `class` line names a file only with an include, a module or a def after it (JavaScript classes pass the first test).
  'magic/ruby:31': 'class Foo\n  include Bar\n  def baz\n  end\nend\n',
};

/** A plain text that no text rule describes, so that libmagic tries them all. */
const PLAIN = 'Copyright (C) 2012-2017 by Jane Doe\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software.\n';

function unescapeMagic(s) {
  // Unprintable bytes are shown escaped; a backslash before anything else is a literal one.
  const control = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  return s.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|[abfnrtv])/g, (_, e) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return control[e];
  });
}

/** True when every character is ASCII text (a value with other bytes cannot match ASCII or UTF-8 text byte for byte). */
function isText(value) {
  return value.length > 0 && [...value].every((ch) => {
    const c = ch.charCodeAt(0);
    return (c >= 0x20 && c < 0x7f) || [7, 8, 9, 10, 12, 13, 27].includes(c);
  });
}

const NUMERIC_SIZES = { byte: 1, short: 2, long: 4, quad: 8 };

/** A numeric equality test whose bytes are ASCII text ("``" as a short), as an escaped literal; null for anything else. */
function numericLiteral(match) {
  const [, , , , offset, type, mask = '', flags = '', op, value] = match;
  const kind = /^u?(le|be)?(byte|short|long|quad)$/.exec(type);
  if (!kind || op !== '=' || flags !== '' || mask !== '' || !/^\d+$/.test(offset) || !/^\d+$/.test(value)) return null;
  const size = NUMERIC_SIZES[kind[2]];
  let n = BigInt(value);
  const bytes = [];
  for (let i = 0; i < size; i++) {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  }
  // WebAssembly is little-endian, so libmagic's native order is too.
  if (kind[1] === 'be') bytes.reverse();
  if (!bytes.every((b) => (b >= 0x20 && b < 0x7f) || [9, 10, 12, 13].includes(b))) return null;
  return bytes.map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`)).join('');
}

/**
 * libmagic prints how it reads a test's bytes just before the test: an offset relative to the
 * previous match or read through a pointer (flags INDIR, OFFADD, INDIROFFADD) is not the number
 * the test line shows.
 */
function isRelative(lines, at) {
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const m = /^mget\(type=\d+, flag=(?:0x)?([0-9a-f]+),/.exec(lines[i]);
    if (m) return (parseInt(m[1], 16) & 0x7) !== 0;
  }
  return true;
}

function parseTest(match) {
  const [, , , , offset, type, mask = '', flags = '', op, value, description] = match;
  const test = { type, offset: /^\d+$/.test(offset) ? Number(offset) : null, flags, op, value, prints: description !== '' };
  if (mask !== '') test.mask = mask;
  return description === 'JavaScript source' ? { ...test, javascript: true } : test;
}

/**
 * For each rule that prints only through its continuations, describe a sample that passes its
 * top-level test and record the continuation tree libmagic then tries (null: not reached).
 */
function harvestContinuations(rules, trace) {
  for (const rule of rules) {
    if (rule.prints) continue;
    const sample = DEEP_SAMPLES[rule.source] ?? (rule.type === 'regex' ? REGEX_SAMPLES[rule.value] : rule.op === '!' ? 'hello world\n' : ' '.repeat(rule.offset ?? 0) + unescapeMagic(rule.value) + '\nfoo bar\n');
    if (sample === undefined) throw new Error(`no sample for ${rule.source} ${rule.value}: add one to REGEX_SAMPLES`);
    const out = trace(sample);
    const [file, line] = rule.source.split(':');
    const at = out.findIndex((l) => l.startsWith(`${file}, ${line}: > `));
    if (at < 0) {
      rule.then = null;
      continue;
    }
    // The continuation lines libmagic tried, as a tree: each test keeps the ones one level below
    // it that the trace shows (only tests whose parent matched the sample are tried and shown).
    rule.then = [];
    const parents = [{ children: rule.then }];
    // A `use` runs a named rule, whose trace follows it from its `name` line at level 0: the named
    // rule's lines (numbered after its name line) go below the use, one level per `>`.
    let last = null;
    let named = null;
    for (let i = at + 1; i < out.length; i++) {
      const any = ANY_RULE.exec(out[i]);
      if (!any) continue;
      let level = any[3].length - 1;
      if (named && Number(any[2]) > named.line && level > 0) level += named.level;
      else named = null;
      if (level === 0) {
        const name = RULE.exec(out[i]);
        if (name?.[5] !== 'name' || last?.test.type !== 'use') break;
        named = { level: last.level, line: Number(any[2]) };
        continue;
      }
      const m = RULE.exec(out[i]);
      const test = m ? parseTest(m) : { type: 'unknown', offset: null, flags: '', op: '', value: out[i], prints: true };
      if (isRelative(out, i)) test.relative = true;
      // A test that matched and shows nothing below it has nothing below it.
      if (/ = 1( strength=\d+)?$/.test(out[i + 1] ?? '') && !test.prints && test.type !== 'use') test.children = [];
      const parent = parents[Math.min(level - 1, parents.length - 1)];
      (parent.children ??= []).push(test);
      parents.length = level;
      parents.push(test);
      last = { test, level };
    }
  }
}

async function main() {
  const lines = [];
  const magic = await WASMagic.create({ flags: WASMagicFlags.DEBUG, stdio: (_stream, text) => lines.push(text) });
  const trace = (sample) => {
    lines.length = 0;
    magic.detect(Buffer.from(sample, 'latin1'));
    return [...lines];
  };
  const plain = trace(PLAIN);
  const start = plain.findIndex((l) => l.startsWith('[try softmagic'));
  if (start < 0) throw new Error('libmagic debug output changed: no softmagic pass found');
  // The binary pass runs first on every file: its string-like rules whose value could occur in
  // text can describe a text file (a PGP message, say) before any text rule is tried.
  const binary = [];
  for (const line of plain.slice(0, start)) {
    const m = RULE.exec(line);
    if (!m || m[3] !== '>') continue;
    const numeric = numericLiteral(m);
    if (numeric) {
      binary.push({ type: 'string', offset: Number(m[4]), flags: '', op: '=', value: numeric, prints: m[10] !== '', source: `${m[1]}:${m[2]}` });
      continue;
    }
    if (!['string', 'search', 'regex'].includes(m[5])) continue;
    const test = parseTest(m);
    if (test.op !== '=' || test.offset === null || !isText(unescapeMagic(test.value))) continue;
    binary.push({ ...test, source: `${m[1]}:${m[2]}` });
  }
  const rules = [];
  for (const line of plain.slice(start)) {
    const any = ANY_RULE.exec(line);
    if (!any || any[3] !== '>') continue;
    const m = RULE.exec(line);
    const rule = m ? parseTest(m) : { type: 'unknown', offset: null, flags: '', op: '', value: line, prints: true };
    if (!m) console.warn(`top-level rule not understood, it always defers to libmagic: ${line}`);
    rule.source = `${any[1]}:${any[2]}`;
    rules.push(rule);
  }
  harvestContinuations(rules, trace);
  harvestContinuations(binary, trace);
  const out = join(__dirname, 'text-magic-rules.json');
  writeFileSync(out, `${JSON.stringify({ generated_by: 'generate-text-magic-rules.js', binary, rules }, null, 1)}\n`);
  console.log(`${rules.length} text rules and ${binary.length} binary rules that can match text written to ${out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
