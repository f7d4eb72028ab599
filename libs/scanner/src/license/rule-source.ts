import type { RuleKind } from './types';

/** A rule before tokenization: a LicenseDB license text or rule. */
export interface RuleSource {
  identifier: string;
  licenseExpression: string;
  kind: RuleKind;
  relevance: number;
  minimumCoverage: number;
  text: string;
  referencedFilenames: string[];
  /** A match must be one unbroken run of the rule's tokens (ScanCode's `is_continuous`). */
  isContinuous?: boolean;
}
