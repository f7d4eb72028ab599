import { followFileReferences, referenceCandidates, type RecordDetection } from './follow-references';
import { pyReprTuple, sha1Hex, uuidFromHex } from './python-names';

const seeLicense: RecordDetection = {
  license_expression: 'unknown-license-reference',
  license_expression_spdx: 'LicenseRef-scancode-unknown-license-reference',
  matches: [{ license_expression: 'unknown-license-reference', rule_identifier: 'unknown-license-reference_see-license_1.RULE' }],
  identifier: 'unknown_license_reference-aaaa',
};
const mitText: RecordDetection = {
  license_expression: 'mit',
  license_expression_spdx: 'MIT',
  matches: [{ license_expression: 'mit', rule_identifier: 'mit.LICENSE' }],
  identifier: 'mit-bbbb',
};
const rules = new Map([['unknown-license-reference_see-license_1.RULE', ['LICENSE']]]);

describe('following license references to other files', () => {
  it('looks beside the referencing file, then at the codebase root', () => {
    expect(referenceCandidates('proj/src/a.js', 'proj', 'LICENSE')).toEqual(['proj/src/LICENSE', 'proj/LICENSE']);
    expect(referenceCandidates('proj/a.js', 'proj', './docs/../LICENSE/')).toEqual(['proj/LICENSE']);
    expect(referenceCandidates('a.js', 'a.js', 'LICENSE')).toEqual([]);
  });

  it('takes the referenced file\'s license and matches, and names the detection after both detections', () => {
    const followed = followFileReferences([seeLicense], rules, (f) => (f === 'LICENSE' ? { path: 'proj/LICENSE', detections: [mitText] } : undefined));
    expect(followed?.detected_license_expression).toBe('mit');
    expect(followed?.detected_license_expression_spdx).toBe('MIT');
    const [d] = followed?.license_detections ?? [];
    expect(d.matches.map((m) => m.rule_identifier)).toEqual(['unknown-license-reference_see-license_1.RULE', 'mit.LICENSE']);
    expect(Object.keys(d)).toEqual(['license_expression', 'license_expression_spdx', 'matches', 'identifier', 'detection_log']);
    expect(d.detection_log).toEqual(['unknown-reference-to-local-file']);
    expect(d.identifier).toBe(`mit-${uuidFromHex(sha1Hex(pyReprTuple(['mit-bbbb', 'unknown_license_reference-aaaa'])))}`);
  });

  it('keeps the license the referencing notice names beside the referenced one', () => {
    const notice: RecordDetection = {
      license_expression: 'apache-2.0 AND unknown-license-reference',
      license_expression_spdx: 'Apache-2.0 AND LicenseRef-scancode-unknown-license-reference',
      matches: [{ license_expression: 'apache-2.0', rule_identifier: 'apache-2.0_7.RULE' }, ...seeLicense.matches],
      detection_log: [],
      identifier: 'apache_2_0_and_unknown_license_reference-cccc',
    };
    const followed = followFileReferences([notice], rules, () => ({ path: 'proj/LICENSE', detections: [mitText] }));
    expect(followed?.license_detections[0].license_expression).toBe('apache-2.0 AND mit');
    expect(Object.keys(followed?.license_detections[0] ?? {})).toEqual(['license_expression', 'license_expression_spdx', 'matches', 'detection_log', 'identifier']);
  });

  it('changes nothing when the referenced file is missing or has no license', () => {
    expect(followFileReferences([seeLicense], rules, () => undefined)).toBeNull();
    expect(followFileReferences([seeLicense], rules, () => ({ path: 'proj/LICENSE', detections: [] }))).toBeNull();
    expect(followFileReferences([mitText], rules, () => ({ path: 'proj/LICENSE', detections: [mitText] }))).toBeNull();
  });
});
