import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WASMagic, WASMagicFlags } from 'wasmagic';
import generated from './data/text-magic-rules.json';
import { detectMagic, libmagic, MAGIC_HEAD_BYTES } from './magic-detector';
import { describeText } from './text-magic';

/** Every answer of describeText is checked against libmagic itself, the one the scanner ships. */
let magic: WASMagic;
beforeAll(async () => {
  magic = await WASMagic.create({ flags: WASMagicFlags.NONE });
});

const JAVASCRIPT: Record<string, string> = {
  'an export': 'export default function x() {}\n',
  'a require': "const x = require('y');\n",
  'an import from': "import a from 'b';\n",
  'module.exports': 'module.exports = x;\n',
  'a relative import': "import './x';\n",
  'a function expression': '(function () {\n  run();\n})();\n',
  "'use strict'": "'use strict';\nfoo();\n",
  '"use strict"': '"use strict";\nfoo();\n',
  'a typeof compare': "if (typeof x === 'y') { go(); }\n",
};

const PLAIN: Record<string, string | Buffer> = {
  'license prose': 'Permission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated documentation files.\n',
  'a README': '# My project\n\nA small library. Install it with npm and call it.\n',
  'CRLF lines': 'one\r\ntwo\r\n',
  'CR and LF lines': 'one\rtwo\nthree\r\nfour\n',
  'a 301-character line': `${'x'.repeat(301)}\n`,
  'a 300-character line': `${'x'.repeat(300)}\n`,
  'escape sequences': 'a\u001b[1mb\n',
  overstriking: 'a\bb\n',
  'UTF-8': 'caf\u00e9 cr\u00e8me\n',
  'a NEL': 'a\u0085b\n',
  'no line terminator': 'no newline here',
  'a very long last line without a terminator': `short\n${'y'.repeat(350)}`,
  'empty lines only': '\n\n\n',
  'UTF-8 past the 64 KiB encoding window': Buffer.from(`${'word '.repeat(13108)}\ncaf\u00e9\n`),
  // reStructuredText's rule starts on `==` then a line of `=`, but names a file only with an author field or a directive below.
  'a Markdown heading underlined with =': 'Title\n=====\n\nSome words about it.\n',
  // Unified diff's rule starts on `--- ` and goes on in a named rule (`+++ `, then `@@ -`).
  'a "--- " line with no hunk after it': 'Notes\n--- not a diff\nmore words\n',
};

const OTHER_FORMATS: Record<string, string | Buffer> = {
  'C++': '#include <vector>\nclass Foo {\n public:\n  int x;\n};\n',
  Python: 'import os\nimport sys\n\ndef main():\n    print(os.getcwd())\n',
  HTML: '<html><head><title>x</title></head><body></body></html>\n',
  JSON: '{"a": 1}\n',
  CSV: 'a,b,c\n1,2,3\n4,5,6\n',
  'a PGP message (a binary-pass rule)': '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nhello\n',
  'a numeric binary-pass rule (Dyalog APL)': '```js\ncode\n```\n',
  'a shebang': '#!/usr/bin/env node\nconsole.log(1);\n',
  LaTeX: '\\documentclass{article}\n\\begin{document}\nx\n\\end{document}\n',
  troff: '.TH FOO 1\n.SH NAME\nfoo\n',
  'a unified diff': '--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-a\n+b\n',
  'reStructuredText (an author field)': 'Title\n=====\n\n:Author: me\n',
  'ISO-8859 text': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  'a UTF-8 BOM': Buffer.from('\ufeffhello\n'),
  'UTF-16': Buffer.from('\ufeffhi\n', 'utf16le'),
  'a binary-pass literal deep in the file (ISO 9660 at 32 KiB)': textWith('CD001', 32769),
  'a binary-pass literal past the 64 KiB window (ReiserFS)': textWith('ReIsEr2Fs', 65588),
  'a one-byte file': 'a',
  'a NUL byte': Buffer.from('a\u0000b\n'),
};

/** 80 KB of text lines with `value` written at `offset`. */
function textWith(value: string, offset: number): Buffer {
  const text = Buffer.from(`${'x'.repeat(79)}\n`.repeat(1000));
  text.write(value, offset);
  return text;
}

const bytes = (s: string | Buffer): Buffer => (Buffer.isBuffer(s) ? s : Buffer.from(s));
const normalized = (s: string): string => s.replace(/[^\x00-\x7f]/g, '').trim().split(/\s+/).join(' ');

describe('describeText', () => {
  it.each(Object.entries(JAVASCRIPT))('describes JavaScript with %s as libmagic does', (_, text) => {
    const result = describeText(bytes(text));
    expect(result).toEqual({ file_type: magic.detect(bytes(text)), mime_type: 'text/javascript' });
    expect(result?.file_type).toMatch(/^JavaScript source, /);
  });

  it.each(Object.entries(PLAIN))('describes plain text (%s) as libmagic does', (_, text) => {
    expect(describeText(bytes(text))).toEqual({ file_type: normalized(magic.detect(bytes(text))), mime_type: 'text/plain' });
  });

  it.each(Object.entries(OTHER_FORMATS))('leaves %s to libmagic', async (_, text) => {
    expect(describeText(bytes(text))).toBeNull();
    // ...and the file info still gets libmagic's answer.
    expect((await detectMagic(bytes(text))).file_type).toBe(normalized(magic.detect(bytes(text))));
  });

  it('agrees with libmagic on every file it describes in real packages, and describes most of them', async () => {
    const files = packageFiles(['rxjs/dist/cjs', '@nestjs/core', 'typeorm/browser', 'commander', 'exceljs/lib'], 1500);
    let described = 0;
    const disagreements: string[] = [];
    for (const file of files) {
      const head = readFileSync(file).subarray(0, MAGIC_HEAD_BYTES);
      if (head.length === 0) continue;
      const ours = describeText(head);
      if (!ours) continue;
      described++;
      const theirs = await libmagic(head);
      if (ours.file_type !== theirs.file_type || ours.mime_type !== theirs.mime_type) disagreements.push(`${file}: ${ours.file_type} / ${theirs.file_type}`);
    }
    expect(disagreements).toEqual([]);
    expect(files.length).toBeGreaterThan(1000);
    expect(described / files.length).toBeGreaterThan(0.6);
  });

  it('holds libmagic’s text rules in the order this libmagic tries them (regenerate the table after upgrading wasmagic)', async () => {
    const lines: string[] = [];
    const debug = await WASMagic.create({ flags: WASMagicFlags.DEBUG, stdio: (_stream, text) => lines.push(text) });
    debug.detect(Buffer.from('Permission is hereby granted, free of charge, to any person.\n'));
    const start = lines.findIndex((l) => l.startsWith('[try softmagic'));
    const tried = lines.slice(start).map((l) => /^(\S+), (\d+): > /.exec(l)).filter((m) => m !== null).map((m) => `${m[1]}:${m[2]}`);
    expect(tried).toEqual(generated.rules.map((r) => r.source));
  });
});

/** The first `limit` files, in path order, under the given node_modules folders. */
function packageFiles(folders: string[], limit: number): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (st.isFile()) out.push(path);
    }
  };
  for (const folder of folders) walk(join(__dirname, '../../../../node_modules', folder));
  return out.slice(0, limit);
}
