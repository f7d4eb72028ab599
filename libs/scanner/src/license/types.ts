/** ScanCode-shaped license results (field names and order copy scancode-toolkit's JSON). */
export interface LicenseMatch {
  license_expression: string;
  license_expression_spdx: string;
  from_file: string | null;
  start_line: number;
  end_line: number;
  matcher: string;
  score: number;
  matched_length: number;
  match_coverage: number;
  rule_relevance: number;
  rule_identifier: string;
  rule_url: string | null;
  matched_text?: string;
  /** The matched text from its first to its last matched word, words inside not matched in brackets (--license-text-diagnostics). */
  matched_text_diagnostics?: string;
}

export interface LicenseDetectionResult {
  license_expression: string;
  license_expression_spdx: string;
  matches: LicenseMatch[];
  /** Why the detection is not a plain one (imperfect coverage, unknown matches...); absent when there is nothing to say, as ScanCode writes no log without its diagnostics. */
  detection_log?: string[];
  identifier: string;
}

export interface LicenseScan {
  detected_license_expression: string | null;
  detected_license_expression_spdx: string | null;
  license_detections: LicenseDetectionResult[];
  license_clues: LicenseMatch[];
  percentage_of_license_text: number;
  /** What the scan knows beyond the record's fields, when there is something (see RecordLicenseNotes). */
  notes?: LicenseNotes;
}

/** The files the detections' rules name, the sizes of the clue groups, the texts of rules made at matching time. */
export interface LicenseNotes {
  ruleReferences?: Record<string, string[]>;
  clueGroups?: number[];
  ruleTexts?: Record<string, string>;
}

export interface DetectOptions {
  /** Path of the scanned file, used for `from_file`. */
  path?: string;
  /** Include `matched_text` in each match (ScanCode's --license-text). */
  includeText?: boolean;
  /** Give every detection its `detection_log`, empty or not (ScanCode's --license-diagnostics). */
  diagnostics?: boolean;
  /** Include `matched_text_diagnostics` in each match (ScanCode's --license-text-diagnostics). */
  textDiagnostics?: boolean;
  /** A package's license statement: never false positives nor clues (ScanCode's package_license). */
  packageLicense?: boolean;
  /** Also look for license-like text no rule matches, reported as `unknown` (ScanCode's --unknown-licenses). */
  unknownLicenses?: boolean;
}

/** What a rule says about the text it matches (one kind per rule, as ScanCode's .RULE flags). */
export type RuleKind = 'text' | 'notice' | 'reference' | 'tag' | 'intro' | 'clue' | 'false-positive';

export interface Rule {
  identifier: string;
  licenseExpression: string;
  kind: RuleKind;
  relevance: number;
  /** Minimum share (0..1) of the rule's tokens an approximate match must cover. */
  minimumCoverage: number;
  tokens: Int32Array;
  url: string | null;
  referencedFilenames: string[];
  /** A match must be one unbroken run of the rule's tokens (ScanCode's `is_continuous`). */
  isContinuous?: boolean;
  /** Token spans [start, end) of the rule's required phrases (`{{…}}`): a match must hold each whole. */
  requiredPhrases?: Int32Array;
  /** A license the rule files cover (set when the index is built). */
  isCommon?: boolean;
  /** The text of a rule made at matching time (an unknown-license match's). */
  text?: string;
}

/** One match inside the engine, in token positions of the query. */
export interface RawMatch {
  rule: Rule;
  matcher: '1-hash' | '1-spdx-id' | '2-aho' | '3-seq' | '6-unknown';
  /** First and last query token positions of the match (inclusive). */
  qstart: number;
  qend: number;
  /** Query token positions matched (for the score and percentage of license text). */
  matchedLength: number;
  /** Share of the rule's tokens matched, 0..1. */
  coverage: number;
  /** Rule version numbers inside the matched part that the query does not have (3-seq only). */
  missedNumbers?: number;
  /** Overrides the rule's expression (SPDX-License-Identifier lines carry their own). */
  expression?: string;
  /** Which of qstart..qend the match covers (1) or skips (0), from qstart; absent when it covers them all. */
  queryMask?: Uint8Array;
}
