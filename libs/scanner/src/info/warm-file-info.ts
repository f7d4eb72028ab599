import { fromBytes } from './content-hashes';
import { fileInfoFromContent } from './file-info';
import { MAGIC_HEAD_BYTES } from './magic-detector';

/**
 * Small files of the kinds a source tree is made of, each taking a different way through file
 * info: JSON and a source map (libmagic's JSON test), JavaScript and TypeScript (the text rules),
 * Markdown (libmagic's soft magic), plain ASCII and UTF-8 text, a shell script, PNG and ELF
 * headers (binary). Generated, not copied from anywhere.
 */
export function warmSamples(round: number): [string, Buffer][] {
  const text = (s: string) => Buffer.from(s, 'utf8');
  const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
  return [
    ['package.json', text(JSON.stringify({ name: `warm-${round}`, version: '1.0.0', dependencies: { a: '^1.0.0' } }, null, 2))],
    ['index.js.map', text(JSON.stringify({ version: 3, sources: [`s${round}.js`], mappings: 'AAAA,SAAS'.repeat(round % 7 + 1) }))],
    ['index.js', text(`'use strict';\n${lines(20, (i) => `function f${i}(x) { return x + ${round * i}; }\nmodule.exports.f${i} = f${i};`)}\n`)],
    ['index.d.ts', text(`${lines(12, (i) => `export declare function g${i}(value: number): Promise<string>; // ${round}`)}\n`)],
    ['README.md', text(`# Title ${round}\n\n${lines(15, (i) => `- item ${i}: see [link](https://example.com/${i}) and \`code\``)}\n\n\`\`\`js\nconst x = ${round};\n\`\`\`\n`)],
    ['NOTES', text(`${lines(25, (i) => `Line ${i} of a plain text note, number ${round}.`)}\n`)],
    ['CHANGES.txt', text(`${lines(10, (i) => `Version ${i}.${round}: fixed caf\u00e9 na\u00efve r\u00e9sum\u00e9 handling`)}\n`)],
    ['run.sh', text(`#!/bin/sh\nset -e\n${lines(8, (i) => `echo step ${i} ${round}`)}\n`)],
    ['logo.png', Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, round & 0xff)])],
    ['lib.so', Buffer.concat([Buffer.from('7f454c4602010100000000000000000003003e0001000000', 'hex'), Buffer.alloc(40), Buffer.from([round & 0xff])])],
  ];
}

/** Rounds over the samples: enough for V8 to compile file info's hot paths (and libmagic's WebAssembly) optimized. */
export const WARM_ROUNDS = 150;

/**
 * Runs file info over generated files of every common kind, each round's content different so
 * that libmagic's answers are not taken from its cache. A fresh worker otherwise scans its first
 * thousands of files in the interpreter and baseline code while the compiler catches up:
 * measured on the npm tree, a pool's first run spent 2 CPU-seconds more than its later runs.
 */
export async function warmFileInfo(rounds = WARM_ROUNDS): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const [name, bytes] of warmSamples(round)) {
      await fileInfoFromContent(name, fromBytes(bytes, { contentLimit: bytes.length, headBytes: MAGIC_HEAD_BYTES, hash: true }));
    }
  }
}
