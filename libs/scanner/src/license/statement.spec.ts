import { statementLicenseFields } from '../packages/license-fields';
import { detectLicenseInText } from './detect-licenses';
import { detectStatement } from './statement';

const matchesOf = (statement: Parameters<typeof statementLicenseFields>[0]['statement']) =>
  (statementLicenseFields({ statement, path: 'METADATA' }).license_detections ?? []).map((d) => {
    const [m] = d['matches'] as { matcher: string; rule_identifier: string; matched_text: string; from_file: string | null }[];
    return [d['identifier'], m.matcher, m.rule_identifier, m.matched_text, m.from_file];
  });

describe('license statements of package manifests, as ScanCode detects them', () => {
  it('reads an SPDX expression whole (daglib\'s and is-npm\'s MIT, as ScanCode.io\'s goldens have it)', () => {
    expect(matchesOf('MIT')).toEqual([['mit-a822f434-d61f-f2b1-c792-8b8cb9e7b9bf', '1-spdx-id', 'spdx-license-identifier-mit-5da48780aba670b0860c46d899ed42a0f243ff06', 'MIT', 'METADATA']]);
    const [det] = detectStatement('Apache-2.0 AND BSD-3-Clause AND MIT');
    expect([det.license_expression, det.matches[0].matched_length, det.matches[0].rule_identifier]).toEqual(['apache-2.0 AND bsd-new AND mit', 9, 'spdx-license-identifier-apache_2_0_and_bsd_new_and_mit-5a0e0d1daea60cb9191d19fe5324c57e89cbcbf8']);
  });

  it('detects a mapping value by value, a list value as its YAML, and "license <statement>" when the bare words match nothing (asgiref)', () => {
    expect(matchesOf({ license: 'BSD', classifiers: ['License :: OSI Approved :: BSD License'] })).toEqual([
      ['bsd_new-261898a0-0118-87c4-7092-14e4ff134882', '1-hash', 'bsd-new_89.RULE', 'license BSD', 'METADATA'],
      ['bsd_new-f4e99f86-00ab-18d9-a65d-a3a12767dcf5', '1-hash', 'pypi_bsd_license.RULE', "- 'License :: OSI Approved :: BSD License'", 'METADATA'],
    ]);
  });

  it('records a statement nothing recognises as one undetected detection of its text (a list as its repr)', () => {
    const fields = statementLicenseFields({ statement: 'UNLICENSED', path: null });
    expect(fields.declared_license_expression).toBe('unknown');
    expect(matchesOf(['UNLICENSED'])).toEqual([['unknown-e4a8c346-7fc7-1570-a8db-f3750654d96f', '5-undetected', 'package-manifest-unknown-9d4ae1c59ffbbf5dca3acfb40e9af6b936e9183c', "license ['UNLICENSED']", 'METADATA']]);
  });

  it('gives matches no from_file when detected without a datafile (package_only assembly)', () => {
    expect(matchesOf('MIT').map((m) => m[4])).toEqual(['METADATA']);
    const fields = statementLicenseFields({ statement: 'MIT', path: null });
    expect((fields.license_detections?.[0]['matches'] as { from_file: unknown }[])[0].from_file).toBeNull();
  });
});

describe('license diagnostics', () => {
  it('writes the matched words from the first to the last, and what follows up to the next word (ScanCode.io\'s is-npm goldens)', () => {
    const json = detectLicenseInText('{\n  "name": "x",\n  "license": "MIT",\n  "main": "y"\n}\n', { textDiagnostics: true, diagnostics: true });
    expect(json.license_detections[0].matches[0].matched_text_diagnostics).toBe('license": "MIT",');
    expect(json.license_detections[0].detection_log).toEqual([]);
    const readme = detectLicenseInText('## License\n\nMIT © [Sindre Sorhus](https://sindresorhus.com)\n', { textDiagnostics: true });
    expect(readme.license_detections[0].matches[0].matched_text_diagnostics).toBe('License\n\nMIT © [');
    expect(readme.license_detections[0].detection_log).toBeUndefined();
  });

  it('brackets the words inside an approximate match that it does not cover', () => {
    const mit = 'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions: The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.';
    const edited = mit.replace('to deal in the Software', 'to deal zorglub frobnicate in the Software');
    const scan = detectLicenseInText(edited, { textDiagnostics: true });
    const match = scan.license_detections[0].matches[0];
    expect(match.matcher).toBe('3-seq');
    expect(match.matched_text_diagnostics).toContain('[zorglub] [frobnicate]');
  });
});
