import { WASMagic, WASMagicFlags } from 'wasmagic';
import { detectMagic, mimeForDescription } from './magic-detector';

describe('mimeForDescription', () => {
  it.each([
    ['ASCII text', 'text/plain'],
    ['ASCII text, with very long lines (460), with CRLF line terminators', 'text/plain'],
    ['Unicode text, UTF-8 text', 'text/plain'],
    ['JSON text data', 'application/json'],
    ['JavaScript source, ASCII text, with very long lines (418)', 'text/javascript'],
    ['JavaScript source, Unicode text, UTF-8 text', 'text/javascript'],
    ['Java source, ASCII text', 'text/x-java'],
    ['Java source, Unicode text, UTF-8 text, with very long lines (300)', 'text/x-java'],
    ['compiled Java class data, version 52.0 (Java 1.8)', 'application/x-java-applet'],
    ['C source, ASCII text', 'text/x-c'],
    ['C++ source, ASCII text', 'text/x-c++'],
  ])('derives the MIME type of %s', (description, mime) => {
    expect(mimeForDescription(description)).toBe(mime);
  });

  it.each(['data', 'C++ source, ASCII text executable', 'Java archive data (JAR)', 'Node.js script executable, ASCII text', 'New Line Delimited JSON text data', 'PNG image data, 1 x 1, 8-bit/color RGBA, non-interlaced'])(
    'asks libmagic for %s',
    (description) => {
      expect(mimeForDescription(description)).toBeNull();
    },
  );

  it('agrees with libmagic’s own MIME call', async () => {
    const mime = await WASMagic.create({ flags: WASMagicFlags.MIME_TYPE });
    const samples = [
      'hello world\n',
      'caf\u00e9 cr\u00e8me\n'.repeat(3),
      '{"name": "x", "version": "1.0.0", "license": "MIT"}\n',
      "'use strict';\nconst fs = require('fs');\nmodule.exports = function f() { return fs; };\n",
      `${'x'.repeat(600)}\r\nline\r\n`,
      'package org.example;\n\nimport java.util.List;\n\npublic class A {\n  private List<String> names;\n}\n',
      '#include <stdio.h>\n\nint main(void) {\n  printf("hi\\n");\n  return 0;\n}\n',
      '#include <vector>\n\nclass A {\npublic:\n  std::vector<int> v;\n};\n',
    ].map((s) => Buffer.from(s));
    // A compiled class: the magic number and a class file version (52: Java 8).
    samples.push(Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34, 0x00, 0x10, 0x0a, 0x00]));
    for (const sample of samples) {
      const { mime_type } = await detectMagic(sample);
      expect(mime_type).toBe(mime.detect(sample));
    }
  });

  it('answers identical content from its cache', async () => {
    const sample = Buffer.from('some text\n');
    const first = await detectMagic(sample, 'k1');
    expect(await detectMagic(Buffer.from('other'), 'k1')).toBe(first);
  });
});
