import { licensePoliciesEnabled, loadPoliciesYaml, parsePolicies } from './policies';
import { policyErrorOf } from './policy-error.testing';


const AT_LEAST_ONE = 'At least one of the following policy types must be present: license_clarity_thresholds, license_policies, scorecard_score_thresholds';

describe('policies document', () => {
  it('reads the documented example', () => {
    const policies = loadPoliciesYaml(`
license_policies:
  - license_key: mit
    label: Approved License
    compliance_alert: ''
  - license_key: mpl-2.0
    label: Restricted License
    compliance_alert: warning
  - license_key: OFL-1.1
    compliance_alert: warning
license_clarity_thresholds:
  80: ok
  50: warning
  0: error
scorecard_score_thresholds:
  9.0: ok
  7.0: warning
  0: error
`);
    expect([...policies.licensePolicies.keys()]).toEqual(['mit', 'mpl-2.0', 'OFL-1.1']);
    expect(policies.licensePolicies.get('mit')).toEqual({ license_key: 'mit', label: 'Approved License', compliance_alert: '' });
    expect(policies.licensePolicies.get('OFL-1.1')).toEqual({ license_key: 'OFL-1.1', label: '', compliance_alert: 'warning' });
    expect(policies.clarityThresholds?.map((t) => [t.min, t.alert])).toEqual([[80, 'ok'], [50, 'warning'], [0, 'error']]);
    expect(policies.scorecardThresholds?.map((t) => t.min)).toEqual([9, 7, 0]);
    expect(licensePoliciesEnabled(policies)).toBe(true);
  });

  it.each([[[]], ['text'], [null], [42]])('refuses a document that is not a mapping: %p', (doc) => {
    expect(policyErrorOf(() => parsePolicies(doc))).toBe('The `policies_dict` argument must be a dictionary.');
  });

  it('refuses an empty YAML text as not a mapping', () => {
    expect(policyErrorOf(() => loadPoliciesYaml(''))).toBe('The `policies_dict` argument must be a dictionary.');
  });

  it('needs at least one policy type', () => {
    expect(policyErrorOf(() => parsePolicies({}))).toBe(AT_LEAST_ONE);
    expect(policyErrorOf(() => loadPoliciesYaml('license_policy: []\n'))).toBe(AT_LEAST_ONE);
  });

  it.each(['license_policies', 'license_clarity_thresholds', 'scorecard_score_thresholds'])('accepts %s alone', (key) => {
    expect(() => parsePolicies({ [key]: null })).not.toThrow();
  });

  it('reports YAML syntax errors as a format error', () => {
    expect(policyErrorOf(() => loadPoliciesYaml('license_policies: [\n'))).toMatch(/^Policies file format error: /);
  });

  it('reports literally repeated YAML keys as a format error', () => {
    expect(policyErrorOf(() => loadPoliciesYaml('license_clarity_thresholds:\n  80: ok\n  80: warning\n'))).toMatch(/^Policies file format error: Map keys must be unique/);
  });

  it('keeps YAML threshold keys typed and ordered: 80.5 is int()-cast, order is checked', () => {
    expect(loadPoliciesYaml('license_clarity_thresholds:\n  80.5: ok\n  10: error\n').clarityThresholds?.map((t) => t.min)).toEqual([80, 10]);
    expect(policyErrorOf(() => loadPoliciesYaml('license_clarity_thresholds:\n  0: error\n  80: ok\n'))).toBe('Thresholds must be strictly descending');
    expect(policyErrorOf(() => loadPoliciesYaml('license_clarity_thresholds:\n  80: ok\n  80.2: warning\n'))).toBe('Duplicate threshold key: 80');
    expect(policyErrorOf(() => loadPoliciesYaml('license_clarity_thresholds:\n  high: ok\n'))).toBe('Threshold keys must be integers, got: high');
    expect(policyErrorOf(() => loadPoliciesYaml('license_clarity_thresholds:\n  80: fine\n'))).toBe("Compliance alert must be one of 'ok', 'warning', 'error', got: fine");
  });

  it('accepts a mapping from JSON project settings as is', () => {
    const policies = parsePolicies({
      license_policies: [{ license_key: 'apache-2.0', compliance_alert: '' }],
      license_clarity_thresholds: { '0': 'error', '90': 'ok', '50': 'warning' },
    });
    expect(policies.clarityThresholds?.map((t) => t.min)).toEqual([90, 50, 0]);
    expect(policies.scorecardThresholds).toBeNull();
  });

  it('treats empty thresholds as not defined', () => {
    expect(loadPoliciesYaml('license_clarity_thresholds: {}\n').clarityThresholds).toBeNull();
  });

  it('turns off license policies when the list is empty or null', () => {
    expect(licensePoliciesEnabled(loadPoliciesYaml('license_policies: []\n'))).toBe(false);
    expect(licensePoliciesEnabled(loadPoliciesYaml('license_policies:\n'))).toBe(false);
    expect(licensePoliciesEnabled(null)).toBe(false);
  });
});

describe('license_policies', () => {
  it('indexes by license_key, the last entry of a key winning', () => {
    const policies = parsePolicies({ license_policies: [{ license_key: 'mit', compliance_alert: 'error' }, { license_key: 'mit', compliance_alert: 'ok' }] });
    expect(policies.licensePolicies.get('mit')?.compliance_alert).toBe('ok');
    expect(policies.licensePolicies.size).toBe(1);
  });

  it.each(['', 'ok', 'warning', 'error'])('accepts the alert %p', (alert) => {
    expect(parsePolicies({ license_policies: [{ license_key: 'mit', compliance_alert: alert }] }).licensePolicies.get('mit')?.compliance_alert).toBe(alert);
  });

  it('reads a missing or null alert as approved', () => {
    expect(loadPoliciesYaml('license_policies:\n  - license_key: mit\n  - license_key: isc\n    compliance_alert:\n').licensePolicies.get('isc')?.compliance_alert).toBe('');
    expect(parsePolicies({ license_policies: [{ license_key: 'mit' }] }).licensePolicies.get('mit')?.compliance_alert).toBe('');
  });

  it('refuses an alert that is not one of the four values', () => {
    expect(policyErrorOf(() => parsePolicies({ license_policies: [{ license_key: 'mit', compliance_alert: 'missing' }] }))).toBe(
      "Compliance alert must be one of '', 'ok', 'warning', 'error', got: missing",
    );
  });

  it('refuses a list that is not a list, entries that are not mappings, entries without a key', () => {
    expect(policyErrorOf(() => parsePolicies({ license_policies: { mit: 'ok' } }))).toBe('The `license_policies` must be a list');
    expect(policyErrorOf(() => parsePolicies({ license_policies: ['mit'] }))).toBe('Each license policy must be a dictionary, got: mit');
    expect(policyErrorOf(() => parsePolicies({ license_policies: [{ compliance_alert: 'ok' }] }))).toBe('Each license policy must have a `license_key`, got: None');
  });
});
