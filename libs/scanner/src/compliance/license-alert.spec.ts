import { parseExpression } from '../license/expression';
import { licenseComplianceAlert, licenseSymbols } from './license-alert';
import { loadPoliciesYaml, parsePolicies } from './policies';

const policies = (entries: [string, string][]) => parsePolicies({ license_policies: entries.map(([license_key, compliance_alert]) => ({ license_key, compliance_alert })) });

describe('licenseComplianceAlert', () => {
  // The reference's test: apache-2.0:'' and gpl-2.0:error.
  const reference = policies([['apache-2.0', ''], ['gpl-2.0', 'error']]);

  it('gives ok for a license whose policy alert is empty', () => {
    expect(licenseComplianceAlert('apache-2.0', reference)).toBe('ok');
  });

  it('gives the policy alert of a listed license', () => {
    expect(licenseComplianceAlert('gpl-2.0', reference)).toBe('error');
  });

  it('gives missing for a license without a policy', () => {
    expect(licenseComplianceAlert('public-domain', reference)).toBe('missing');
  });

  it('gives "" without an expression (an ignored policies.yml resource)', () => {
    expect(licenseComplianceAlert('', reference)).toBe('');
    expect(licenseComplianceAlert(null, reference)).toBe('');
    expect(licenseComplianceAlert(undefined, reference)).toBe('');
    expect(licenseComplianceAlert('   ', reference)).toBe('');
  });

  it('gives "" without license policies', () => {
    expect(licenseComplianceAlert('gpl-2.0', null)).toBe('');
    expect(licenseComplianceAlert('gpl-2.0', loadPoliciesYaml('license_clarity_thresholds:\n  80: ok\n'))).toBe('');
  });

  it('gives ok for a policy alert of ok', () => {
    expect(licenseComplianceAlert('mit', policies([['mit', 'ok']]))).toBe('ok');
  });

  it('takes the most severe symbol: ok < missing < warning < error', () => {
    const p = policies([['mit', ''], ['mpl-2.0', 'warning'], ['gpl-3.0', 'error']]);
    expect(licenseComplianceAlert('mit AND public-domain', p)).toBe('missing');
    expect(licenseComplianceAlert('public-domain OR mpl-2.0', p)).toBe('warning');
    expect(licenseComplianceAlert('(mit OR mpl-2.0) AND (gpl-3.0 OR public-domain)', p)).toBe('error');
    expect(licenseComplianceAlert('mit AND mit', p)).toBe('ok');
  });

  it('counts an OR choice by its worst side, as ScanCode.io does', () => {
    expect(licenseComplianceAlert('apache-2.0 OR gpl-2.0', reference)).toBe('error');
  });

  it('looks a ScanCode key up by its SPDX id: OFL-1.1, LicenseRef-scancode-public-domain, GPL-2.0-only', () => {
    const p = policies([['OFL-1.1', 'warning'], ['LicenseRef-scancode-public-domain', ''], ['GPL-2.0-only', 'error']]);
    expect(licenseComplianceAlert('ofl-1.1', p)).toBe('warning');
    expect(licenseComplianceAlert('public-domain', p)).toBe('ok');
    expect(licenseComplianceAlert('gpl-2.0', p)).toBe('error');
  });

  it('prefers the ScanCode key over the SPDX id when both are listed', () => {
    expect(licenseComplianceAlert('mit', policies([['MIT', 'error'], ['mit', 'ok']]))).toBe('ok');
  });

  it('reads LicenseRef-scancode-* and upper-case symbols in an expression as ScanCode keys', () => {
    const p = policies([['public-domain', 'warning'], ['mit', 'ok']]);
    expect(licenseComplianceAlert('LicenseRef-scancode-public-domain', p)).toBe('warning');
    expect(licenseComplianceAlert('MIT', p)).toBe('ok');
    expect(licenseComplianceAlert('LicenseRef-scancode-public-domain', policies([['LicenseRef-scancode-public-domain', 'error']]))).toBe('error');
  });

  it('checks a WITH exception as a symbol of its own', () => {
    const p = policies([['gpl-2.0', ''], ['classpath-exception-2.0', 'warning']]);
    expect(licenseComplianceAlert('gpl-2.0 WITH classpath-exception-2.0', p)).toBe('warning');
    expect(licenseComplianceAlert('gpl-2.0 WITH gcc-exception-3.1', p)).toBe('missing');
    expect(licenseComplianceAlert('gpl-2.0 WITH classpath-exception-2.0', policies([['gpl-2.0', ''], ['Classpath-exception-2.0', '']]))).toBe('ok');
  });

  it('gives the same answer from its per-expression cache', () => {
    const p = policies([['mit', 'error']]);
    expect(licenseComplianceAlert('mit', p)).toBe('error');
    expect(licenseComplianceAlert('mit', p)).toBe('error');
    expect(licenseComplianceAlert('mit', policies([['mit', 'ok']]))).toBe('ok');
  });
});

describe('licenseSymbols', () => {
  it('splits WITH into the license and the exception', () => {
    expect(licenseSymbols(parseExpression('(mit OR gpl-2.0 WITH classpath-exception-2.0) AND bsd-new')!)).toEqual(['mit', 'gpl-2.0', 'classpath-exception-2.0', 'bsd-new']);
  });
});
