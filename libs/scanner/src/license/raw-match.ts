import type { RawMatch } from './types';

/** The license expression a match stands for: its own (an SPDX tag's), else its rule's. */
export const expressionOf = (m: RawMatch): string => m.expression ?? m.rule.licenseExpression;

/** A match of an unknown license (ScanCode's rule.has_unknown: "unknown" in the expression). */
export const hasUnknown = (m: RawMatch): boolean => expressionOf(m).includes('unknown');
