import spdxFull from 'spdx-license-list/full';
import { keyToSpdxId, spdxIdToKey } from './license-keys';
import { loadRuleFiles } from './rule-loader';

/** What a notice or an SBOM needs to show one license: its keys, name and full text. */
export interface LicenseText {
  key: string;
  spdx: string;
  name: string;
  text: string;
}

let teamTexts: Map<string, string> | null = null;

/** Full texts the team wrote as `kind: text` rules, for licenses outside the SPDX list. */
function teamLicenseTexts(): Map<string, string> {
  if (!teamTexts) {
    teamTexts = new Map();
    for (const rule of loadRuleFiles()) {
      if (rule.kind === 'text' && !teamTexts.has(rule.licenseExpression)) teamTexts.set(rule.licenseExpression, rule.text);
    }
  }
  return teamTexts;
}

/**
 * The license behind a ScanCode key or an SPDX id (`LicenseRef-scancode-*` included), from the
 * SPDX license list and the team's rules; null when no text is known for it.
 */
export function licenseText(keyOrSpdxId: string): LicenseText | null {
  const key = /[A-Z]/.test(keyOrSpdxId) || keyOrSpdxId.startsWith('LicenseRef-') ? spdxIdToKey(keyOrSpdxId) : keyOrSpdxId;
  const spdx = keyToSpdxId(key);
  const listed = (spdxFull as Record<string, { name: string; licenseText: string }>)[spdx];
  if (listed) return { key, spdx, name: listed.name, text: listed.licenseText };
  const team = teamLicenseTexts().get(key);
  return team ? { key, spdx, name: key, text: team } : null;
}
