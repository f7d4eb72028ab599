import { detectLicenseInText } from './detect-licenses';
import { attachExceptions } from './detection';
import { spdxToScancode } from './license-keys';

const expressionOf = (text: string): string | null => detectLicenseInText(text).detected_license_expression;

describe('detection heuristics', () => {
  it('attaches a bare exception to the license before it', () => {
    expect(attachExceptions('gpl-2.0 AND classpath-exception-2.0')).toBe('gpl-2.0 WITH classpath-exception-2.0');
    expect(attachExceptions('classpath-exception-2.0 AND gpl-2.0')).toBe('gpl-2.0 WITH classpath-exception-2.0');
    expect(attachExceptions('mit AND apache-2.0')).toBe('mit AND apache-2.0');
    expect(attachExceptions('classpath-exception-2.0')).toBe('classpath-exception-2.0');
  });

  it('reads a placeholder SPDX tag as unknown-spdx and deprecated composite ids as WITH', () => {
    expect(expressionOf('SPDX-License-Identifier: {some license} WITH Autoconf-exception-2.0')).toBe('unknown-spdx');
    expect(spdxToScancode('GPL-2.0-with-classpath-exception')).toBe('gpl-2.0 WITH classpath-exception-2.0');
  });

  it('widens a versioned reference followed by "or later"', () => {
    expect(expressionOf('the GNU Lesser General Public License Version 2.1 or later (the "LGPL")')).toBe('lgpl-2.1-plus');
  });

  it('finds licenses cited by URL and by name', () => {
    expect(expressionOf('See https://opensource.org/licenses/CDDL-1.0 for the terms.')).toBe('cddl-1.0');
    expect(expressionOf('Licensed under the Educational Community License version 1.0.')).toBe('ecl-1.0');
  });

  it('does not take a GPL notice for an LGPL one', () => {
    const lgpl = [
      'This library is free software; you can redistribute it and/or modify it under the terms of the',
      'GNU Lesser General Public License as published by the Free Software Foundation; either',
      'version 2.1 of the License, or (at your option) any later version.',
    ].join('\n');
    expect(expressionOf(lgpl)).toBe('lgpl-2.1-plus');
  });

  it('reads a GPL notice that ends with "see the file COPYING" as the notice it is', () => {
    const text = [
      'This program is free software; you can redistribute it and/or modify it under the terms of',
      'the GNU General Public License as published by the Free Software Foundation; either version 2',
      'of the License, or (at your option) any later version. See the file COPYING for details.',
    ].join('\n');
    expect(expressionOf(text)).toBe('gpl-2.0-plus');
  });

  it('keeps a reference to a license file in its detection, with the file it names, as ScanCode does until the reference is followed', () => {
    const scan = detectLicenseInText('// Licensed under MIT. See LICENSE\nmodule.exports = 2;\n');
    expect(scan.detected_license_expression).toBe('mit AND unknown-license-reference');
    expect(scan.license_detections[0].matches.map((m) => m.rule_identifier)).toEqual(['mit_172.RULE', 'unknown-license-reference_see-license_1.RULE']);
    expect(scan.notes?.ruleReferences).toEqual({ 'unknown-license-reference_see-license_1.RULE': ['LICENSE'] });
  });
});

describe('ScanCode\'s analysis of each group of matches', () => {
  it('drops an unknown intro ("licensed under") from the expression when a license follows it', () => {
    const d = detectLicenseInText('// Licensed under Apache-2.0.\n', { diagnostics: true }).license_detections[0];
    expect(d.matches.map((m) => m.license_expression)).toEqual(['unknown-license-reference', 'apache-2.0']);
    expect(d.license_expression).toBe('apache-2.0');
    expect(d.detection_log).toEqual(['unknown-intro-followed-by-match']);
  });

  it('takes a bare word alone for a clue, not a detection', () => {
    const scan = detectLicenseInText('GPL stuff\n', { diagnostics: true });
    expect(scan.license_detections).toEqual([]);
    expect(scan.license_clues.map((m) => m.rule_identifier)).toEqual(['gpl_bare_word_only.RULE']);
    expect(scan.detected_license_expression).toBeNull();
  });

  it('takes a short tag past line 1000 for a clue, unless the file\'s detections name its license', () => {
    const filler = Array.from({ length: 1200 }, (_, i) => `line ${i}`).join('\n');
    const late = detectLicenseInText(`${filler}\nLicense: MIT\n`, { diagnostics: true });
    expect(late.license_detections).toEqual([]);
    expect(late.license_clues.map((m) => m.license_expression)).toEqual(['mit']);
    const named = detectLicenseInText(`SPDX-License-Identifier: MIT\n${filler}\nLicense: MIT\n`, { diagnostics: true });
    expect(named.license_clues).toEqual([]);
    expect(named.license_detections.map((d) => d.detection_log)).toEqual([[], ['possible-false-positive', 'not-license-clues-as-more-detections-present']]);
  });
});
