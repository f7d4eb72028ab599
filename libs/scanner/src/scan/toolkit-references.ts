import type { LicenseReferenceSections, UsedLicenses } from '@sca/formats';
import { licenseReferences, mapKeys, parseExpression, ruleReferences } from '../license';

/** Every license key of an expression, exceptions included. */
function keysOf(expression: string): string[] {
  const parsed = parseExpression(expression);
  if (!parsed) return [];
  const keys: string[] = [];
  mapKeys(parsed, (key) => {
    keys.push(key);
    return key;
  });
  return keys;
}

/** The toolkit's --license-references sections for what a scan's detections used. */
export function toolkitLicenseReferences(used: UsedLicenses): LicenseReferenceSections {
  return {
    license_references: licenseReferences([...used.expressions].flatMap(keysOf)),
    license_rule_references: ruleReferences(used.rules.values()),
  };
}
