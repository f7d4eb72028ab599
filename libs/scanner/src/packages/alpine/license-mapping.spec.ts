import { statementLicenseFields } from '../license-fields';
import { alpineLicenseExpression } from './license-mapping';

describe('Alpine license fields', () => {
  it('reads lists and Alpine names as the SPDX expression ScanCode detects', () => {
    expect(alpineLicenseExpression('MIT BSD GPL2+')).toBe('mit AND bsd-3-clause AND gpl-2.0-or-later');
    expect(alpineLicenseExpression('GPL-2.0-or-later, LGPL-2.1-or-later')).toBe('gpl-2.0-or-later AND lgpl-2.1-or-later');
    expect(alpineLicenseExpression('ISC AND (BSD-3-Clause OR MIT)')).toBe('isc AND (bsd-3-clause OR mit)');
    expect(alpineLicenseExpression('Public Domain')).toBe('licenseref-scancode-public-domain');
    expect(alpineLicenseExpression('custom')).toBe('licenseref-scancode-unknown-license-reference');
    expect(alpineLicenseExpression('  ')).toBeNull();
  });

  it('detects the installed database field from its mapped expression and keeps the field as written', () => {
    const fields = statementLicenseFields({ statement: 'MIT BSD GPL2+', path: 'lib/apk/db/installed', datasourceId: 'alpine_installed_db' });
    expect(fields.declared_license_expression).toBe('mit AND bsd-new AND gpl-2.0-plus');
    const match = (fields.license_detections?.[0] as { matches: { matcher: string; matched_text: string }[] }).matches[0];
    expect([match.matcher, match.matched_text]).toEqual(['1-spdx-id', 'mit AND bsd-3-clause AND gpl-2.0-or-later']);
    // Another datasource's field is detected as written.
    expect(statementLicenseFields({ statement: 'MIT BSD GPL2+', path: null }).declared_license_expression).not.toBe('mit AND bsd-new AND gpl-2.0-plus');
  });

  it('matches a field that is a rule text whole by its hash, as ScanCode does', () => {
    const fields = statementLicenseFields({ statement: 'GPL-2.0-only', path: null, datasourceId: 'alpine_installed_db' });
    const match = (fields.license_detections?.[0] as { matches: { matcher: string; rule_identifier: string }[] }).matches[0];
    expect([match.matcher, match.rule_identifier]).toEqual(['1-hash', 'spdx_license_id_gpl-2.0-only_for_gpl-2.0.RULE']);
  });
});
