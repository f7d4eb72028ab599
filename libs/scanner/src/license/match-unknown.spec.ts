import { detectLicenseInText } from './detect-licenses';
import { licenseText } from './license-texts';
import { sha1Hex, pyReprString, syntheticRuleIdentifier } from './python-names';
import type { LicenseMatch, LicenseScan } from './types';

/** A vendor's agreement made of license phrases that no rule of the LicenseDB holds as a whole. */
const AGREEMENT = `Zorblax Widget Studio - End User Agreement

1. Grant. Subject to the terms and conditions of this Agreement, Zorblax grants you a personal,
non-exclusive, non-transferable license to install and use the Software on computers that you own or control.
You may not rent, lease, lend, sell, redistribute or sublicense the Software. You may not copy, decompile,
reverse engineer, disassemble, attempt to derive the source code of, modify, or create derivative works of
the Software or any part thereof, except as and only to the extent expressly permitted by applicable law.

2. Termination. This license is effective until terminated. Your rights under this license will terminate
automatically without notice if you fail to comply with any of its terms. Upon termination you shall cease
all use of the Software and destroy all copies, full or partial, of the Software.
`;

/** The MIT license text, as the LicenseDB has it. */
const MIT = licenseText('mit')?.text ?? '';

const allMatches = (scan: LicenseScan): LicenseMatch[] => [...scan.license_detections.flatMap((d) => d.matches), ...scan.license_clues];
const unknownMatches = (scan: LicenseScan): LicenseMatch[] => allMatches(scan).filter((m) => m.matcher === '6-unknown');

describe('unknown-license detection (--unknown-licenses)', () => {
  it('reports license-like text no rule matches as one unknown match, only when asked', () => {
    expect(unknownMatches(detectLicenseInText(AGREEMENT))).toEqual([]);
    const scan = detectLicenseInText(AGREEMENT, { unknownLicenses: true });
    const [found, ...more] = unknownMatches(scan);
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      license_expression: 'unknown',
      license_expression_spdx: 'LicenseRef-scancode-unknown',
      start_line: 3,
      end_line: 11,
      score: 50,
      match_coverage: 100,
      rule_relevance: 50,
    });
    expect(found.matched_length).toBeGreaterThanOrEqual(24);
    expect(found.rule_identifier).toMatch(/^license-detection-unknown-[0-9a-f]{40}$/);
    expect(scan.detected_license_expression).toContain('unknown');
    const detection = scan.license_detections.find((d) => d.matches.includes(found));
    expect(detection?.detection_log).toEqual(['unknown-match']);
  });

  it('names the rule from the matched words, the skipped ones written "."', () => {
    const scan = detectLicenseInText(AGREEMENT, { unknownLicenses: true });
    const found = unknownMatches(scan)[0];
    const text = scan.notes?.ruleTexts?.[found.rule_identifier] ?? '';
    // The vendor's name is in no rule: a word the match skips.
    expect(text.startsWith('1. Grant. Subject to the terms and conditions of this Agreement, . grants you a personal,\n')).toBe(true);
    expect(found.rule_identifier).toBe(`license-detection-unknown-${sha1Hex(`None${pyReprString(text)}`)}`);
    expect(syntheticRuleIdentifier('license-detection-unknown', null, text)).toBe(found.rule_identifier);
  });

  it('leaves text that known rules cover as it was', () => {
    const plain = detectLicenseInText(MIT);
    const withUnknown = detectLicenseInText(MIT, { unknownLicenses: true });
    expect(withUnknown).toEqual(plain);
    expect(MIT.length).toBeGreaterThan(500);
    expect(plain.detected_license_expression).toBe('mit');
  });

  it('finds nothing in source code or in prose without license terms', () => {
    const code = Array.from({ length: 200 }, (_, i) => `export function handler${i}(request, response) { return response.send(request.body.items[${i}]); }`).join('\n');
    expect(unknownMatches(detectLicenseInText(code, { unknownLicenses: true }))).toEqual([]);
    const prose = 'The quick brown fox jumps over the lazy dog while the committee reviews the quarterly budget. '.repeat(40);
    expect(unknownMatches(detectLicenseInText(prose, { unknownLicenses: true }))).toEqual([]);
  });

  it('does not take license phrases scattered through other text for a license', () => {
    const scattered = AGREEMENT.split(/(?<=[.,])\s+/)
      .map((sentence) => `${sentence} ${'Weather stations recorded heavy rainfall across the northern valleys yesterday afternoon. '.repeat(3)}`)
      .join('\n');
    expect(unknownMatches(detectLicenseInText(scattered, { unknownLicenses: true }))).toEqual([]);
  });

  it('drops the weak matches inside the unknown text and keeps the rest', () => {
    const plain = allMatches(detectLicenseInText(AGREEMENT)).map((m) => m.rule_identifier);
    const withUnknown = allMatches(detectLicenseInText(AGREEMENT, { unknownLicenses: true })).map((m) => m.rule_identifier);
    expect(plain).toContain('license-intro_35.RULE');
    expect(withUnknown).not.toContain('license-intro_35.RULE');
  });
});
