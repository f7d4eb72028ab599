import type { RuleSource } from '../rule-source';
import type { LicenseDb } from './read-licensedb';

const RULE_URL = 'https://github.com/nexB/scancode-toolkit/tree/develop/src/licensedcode/data';

/** ScanCode's address of a rule or license file, as its matches carry in `rule_url`. */
export function ruleUrl(identifier: string): string {
  return identifier.endsWith('.LICENSE')
    ? `${RULE_URL}/licenses/${identifier}`
    : `${RULE_URL}/rules/${identifier}`;
}

/**
 * The LicenseDB as rule sources: every license text (a `text` rule named `<key>.LICENSE`) and every
 * rule, deprecated ones left out as ScanCode leaves them out of its index.
 */
export function licenseDbSources(db: LicenseDb): RuleSource[] {
  const out: RuleSource[] = [];
  for (const license of db.licenses) {
    if (license.isDeprecated || !license.text.trim()) continue;
    const identifier = `${license.key}.LICENSE`;
    out.push({
      identifier,
      licenseExpression: license.key,
      kind: 'text',
      relevance: 100,
      minimumCoverage: (license.minimumCoverage ?? 0) / 100,
      text: license.text,
      referencedFilenames: [],
      isContinuous: false,
    });
  }
  for (const rule of db.rules) {
    if (rule.isDeprecated || !rule.text.trim()) continue;
    out.push({
      identifier: rule.identifier,
      licenseExpression: rule.licenseExpression,
      kind: rule.kind,
      relevance: rule.relevance ?? -1,
      minimumCoverage: (rule.minimumCoverage ?? 0) / 100,
      text: rule.text,
      referencedFilenames: rule.referencedFilenames,
      isContinuous: rule.isContinuous,
    });
  }
  return out;
}
