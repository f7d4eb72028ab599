import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { licenseReferences, ruleReferences } from './license-references';

/** ScanCode.io's is-npm golden: the toolkit scan it runs with --license-references. */
const golden = JSON.parse(readFileSync(scancodeioTestdata('scancode', 'is-npm-1.0.0_scan_package.json'), 'utf8')) as {
  license_references: Record<string, unknown>[];
  license_rule_references: Record<string, unknown>[];
};

describe('the toolkit\'s license and rule references', () => {
  it('gives a license\'s LicenseDB data in ScanCode\'s fields and order', () => {
    const [mit] = licenseReferences(['mit', 'mit', 'no-such-key']);
    const [expected] = golden.license_references;
    expect(Object.keys(mit)).toEqual(Object.keys(expected));
    for (const field of ['key', 'short_name', 'name', 'category', 'owner', 'homepage_url', 'spdx_license_key', 'other_spdx_license_keys', 'text_urls', 'osi_url', 'faq_url', 'other_urls', 'text', 'scancode_url', 'licensedb_url', 'spdx_url']) {
      expect([field, mit[field]]).toEqual([field, expected[field]]);
    }
  });

  it('gives a rule file\'s data, and a synthetic rule\'s from its match', () => {
    const refs = ruleReferences([
      { identifier: 'spdx-license-identifier-mit-5da48780aba670b0860c46d899ed42a0f243ff06', licenseExpression: 'mit', matchedText: 'MIT', matchedLength: 1, matcher: '1-spdx-id' },
      { identifier: 'mit_30.RULE', licenseExpression: 'mit', matchedText: '  "license": "MIT",', matchedLength: 2, matcher: '2-aho' },
    ]);
    const [rule, spdx] = golden.license_rule_references;
    expect(refs.map((r) => r['identifier'])).toEqual([rule['identifier'], spdx['identifier']]);
    expect(Object.keys(refs[0])).toEqual(Object.keys(rule));
    for (const field of ['license_expression', 'rule_url', 'is_license_tag', 'is_license_text', 'length', 'relevance', 'text']) expect([field, refs[0][field]]).toEqual([field, rule[field]]);
    expect(refs[1]).toEqual(spdx);
  });

  it('names a license text used as a rule as coming from the license', () => {
    const [ref] = ruleReferences([{ identifier: 'mit.LICENSE', licenseExpression: 'mit', matchedText: null, matchedLength: 160, matcher: '2-aho' }]);
    expect([ref['is_from_license'], ref['is_license_text'], ref['rule_url']]).toEqual([true, true, 'https://github.com/nexB/scancode-toolkit/tree/develop/src/licensedcode/data/licenses/mit.LICENSE']);
    expect(String(ref['text'])).toMatch(/^Permission is hereby granted/);
  });
});
