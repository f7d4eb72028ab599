import type { NumberedLine } from '../text';
import { detectCopyrights } from './index';

const lines = (text: string): NumberedLine[] => text.split('\n').map((t, i) => ({ line: i + 1, text: t }));
const scan = (text: string, opts = {}) => detectCopyrights(lines(text), opts);
const copyrights = (text: string): string[] => scan(text).copyrights.map((c) => c.copyright);
const holders = (text: string): string[] => scan(text).holders.map((h) => h.holder);
const authors = (text: string): string[] => scan(text).authors.map((a) => a.author);

describe('detectCopyrights', () => {
  it('keeps the email in the copyright and drops it from the holder', () => {
    const r = scan('Copyright (c) 2010 Jane Doe <jane@example.com>');
    expect(r.copyrights).toEqual([{ copyright: 'Copyright (c) 2010 Jane Doe <jane@example.com>', start_line: 1, end_line: 1 }]);
    expect(r.holders).toEqual([{ holder: 'Jane Doe', start_line: 1, end_line: 1 }]);
  });

  it('merges a statement split over two comment lines, with line ranges', () => {
    const r = scan('/*\n * Copyright (c) 2004-2024\n *  The Foo Project and contributors\n */');
    expect(r.copyrights).toEqual([{ copyright: 'Copyright (c) 2004-2024 The Foo Project and contributors', start_line: 2, end_line: 3 }]);
    expect(r.holders).toEqual([{ holder: 'The Foo Project and contributors', start_line: 3, end_line: 3 }]);
  });

  it('drops "All rights reserved" by default, like ScanCode, and keeps it on request', () => {
    const text = 'Copyright (c) 2010 Patrick McHardy All rights reserved.';
    expect(copyrights(text)).toEqual(['Copyright (c) 2010 Patrick McHardy']);
    expect(scan(text, { allRights: true }).copyrights[0].copyright).toBe('Copyright (c) 2010 Patrick McHardy All rights reserved');
    expect(holders(text)).toEqual(['Patrick McHardy']);
  });

  it('stops at license prose on the same line and on the next line', () => {
    expect(copyrights('Copyright 2020 Foo Inc. Licensed under the MIT license.')).toEqual(['Copyright 2020 Foo Inc.']);
    const r = scan('Copyright (c) 2020\nPermission is hereby granted, free of charge');
    expect(r.copyrights.map((c) => c.copyright)).toEqual(['Copyright (c) 2020']);
    expect(r.holders).toEqual([]);
  });

  it('ignores license boilerplate, templates and code', () => {
    const junk = [
      'THE COPYRIGHT HOLDERS AND CONTRIBUTORS BE LIABLE FOR ANY CLAIM',
      'The above copyright notice and this permission notice shall be included',
      'Copyright (c) <year> <owner>',
      'Copyright [yyyy] [name of copyright owner]',
      'Copyright (C) YEAR  COPYRIGHT HOLDER',
      'copyright = "see COPYING";',
      'if (copyright) { return copyright; }',
      '(c) You must retain all copyright notices',
      '(c) accompany the distribution with the source',
      'protected under the Copyright Act of the country',
      'Copyright and related rights are waived',
    ];
    for (const text of junk) expect({ text, found: scan(text) }).toEqual({ text, found: { copyrights: [], holders: [], authors: [] } });
  });

  it('removes repeated copyright words', () => {
    expect(copyrights('Copyright: Copyright (c) 2012, AstaXie and The Contributors')).toEqual(['Copyright (c) 2012, AstaXie and The Contributors']);
    expect(copyrights('Copyright Copyright 2001 Acme Corp.')).toEqual(['Copyright 2001 Acme Corp.']);
  });

  it('normalizes the copyright sign and entities, and reports ASCII like ScanCode', () => {
    expect(copyrights('Copyright © 2004 - 2024 Łukasz Żółw')).toEqual(['Copyright (c) 2004 - 2024 Lukasz Zolw']);
    expect(copyrights('<p>Copyright &copy; 2019 Acme Corp</p>')).toEqual(['Copyright (c) 2019 Acme Corp']);
    expect(copyrights('COPYRIGHT (C) 2001 ACME CORP.')).toEqual(['COPYRIGHT (c) 2001 ACME CORP.']);
  });

  it('accepts a bare (c) with a name and contact, and lowercase handles after years', () => {
    expect(holders('(C) Jane Doe <jane@example.com>')).toEqual(['Jane Doe']);
    expect(holders('Copyright (c) 2015 sindresorhus')).toEqual(['sindresorhus']);
  });

  it('keeps years that follow the holder in the copyright only', () => {
    const r = scan('Copyright (c) International Business Machines  Corp., 2000,2002');
    expect(r.copyrights[0].copyright).toBe('Copyright (c) International Business Machines Corp., 2000,2002');
    expect(r.holders[0].holder).toBe('International Business Machines Corp.');
  });

  it('finds two statements on one line', () => {
    expect(holders('Copyright (c) 2001 Foo Ltd.; Copyright (c) 2002 Bar GmbH')).toEqual(['Foo Ltd.', 'Bar GmbH']);
  });

  it('does not swallow the postal address after a GPL copyright', () => {
    expect(copyrights('Copyright (C) 1989, 1991 Free Software Foundation, Inc.,\n 51 Franklin Street, Fifth Floor')).toEqual([
      'Copyright (c) 1989, 1991 Free Software Foundation, Inc.',
    ]);
  });

  it('finds authors from @author, Author:, written by and SPDX-FileContributor', () => {
    expect(authors(' * @author Juergen Hoeller')).toEqual(['Juergen Hoeller']);
    expect(authors('# Authors:     Patrick McHardy <kaber@trash.net>')).toEqual(['Patrick McHardy <kaber@trash.net>']);
    expect(authors('Written by Roland McGrath <roland@gnu.org>.')).toEqual(['Roland McGrath <roland@gnu.org>']);
    expect(authors('// SPDX-FileCopyrightText: 2023 Acme GmbH\n// SPDX-FileContributor: Max Mustermann')).toEqual(['Max Mustermann']);
    expect(authors('__author__ = "Bob Smith <bob@smith.dev>"')).toEqual(['Bob Smith <bob@smith.dev>']);
  });

  it('does not take prose for authors', () => {
    expect(authors('The file is created by the build and written by nobody.')).toEqual([]);
    expect(authors('Author:')).toEqual([]);
    expect(authors('the author or authors be liable')).toEqual([]);
  });

  it('turns SPDX-FileCopyrightText into a copyright', () => {
    expect(copyrights('# SPDX-FileCopyrightText: 2023 Acme GmbH <oss@acme.de>')).toEqual(['Copyright 2023 Acme GmbH <oss@acme.de>']);
  });

  it('handles cases found in real npm packages', () => {
    // "Will" is a stop word only in lowercase prose.
    expect(holders('Copyright (c) 2015 Will Welch')).toEqual(['Will Welch']);
    expect(holders('Copyright (c) 2017 [Node.js API collaborators](https://github.com/nodejs/node-addon-api#collaborators)')).toEqual(['Node.js']);
    expect(holders('Copyright 2014-present Sebastian McKenzie and other contributors')).toEqual(['Sebastian McKenzie and other contributors']);
    expect(holders('Copyright 2014 Olivier Lalonde <o@l.com>, James Talmage <j@t.io>, Ruben Verborgh')).toEqual([
      'Olivier Lalonde , James Talmage , Ruben Verborgh',
    ]);
    expect(holders('Copyright (c) 2015 Unshift.io, Arnout Kazemier,  the Contributors.')).toEqual(['Unshift.io, Arnout Kazemier']);
  });

  it('does not read code or code-page tables as statements', () => {
    expect(scan('      result += charFromCodepoint(c);\n      // Encode UTF-16 surrogate pair').copyrights).toEqual([]);
    expect(scan("const table = '\u00a9\u2122\u00b4\u00a8\u2260\u00c6\u00d8\u221e\u00b1';").copyrights).toEqual([]);
    expect(scan("enc.encode('\u00a9 <stuff>'); // (copyright stays literal)").copyrights).toEqual([]);
  });
});
