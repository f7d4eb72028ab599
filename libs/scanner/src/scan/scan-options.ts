/** Which scanners run, as ScanCode's CLI flags (`--info --license --copyright --email --url`). */
export interface ScanOptions {
  info: boolean;
  license: boolean;
  copyright: boolean;
  email: boolean;
  url: boolean;
  /** Package data of manifests, lockfiles and package databases (ScanCode's --package). */
  package: boolean;
  /** With `package`: keep the raw license statements undetected (ScanCode's package_only). */
  packageOnly: boolean;
  /** With `package`: installed-package databases too (ScanCode's --system-package). */
  systemPackages: boolean;
  /** Include `matched_text` in license matches (ScanCode's --license-text). */
  licenseText: boolean;
  /**
   * Name the scanned file in license matches' `from_file`, as the toolkit does (default). ScanCode.io
   * scans a resource through ScanCode's API without a path, so the matches it stores have none.
   */
  licenseFromFile?: boolean;
  /** Every file detection with its detection_log (ScanCode's --license-diagnostics). */
  licenseDiagnostics?: boolean;
  /** Matches with matched_text_diagnostics (ScanCode's --license-text-diagnostics). */
  licenseTextDiagnostics?: boolean;
  /** Also detect license-like text no rule matches, as `unknown` (ScanCode's --unknown-licenses). */
  unknownLicenses?: boolean;
  /**
   * Drop the copyrights, holders, authors, emails and URLs that are part of a matched license text
   * or notice (its rule's ignorable clues), or of a detected copyright (ScanCode's --filter-clues).
   */
  filterClues?: boolean;
  /** Records with `for_todo`, the ids of the review items that name them (ScanCode's --todo). */
  todo?: boolean;
  /** Files larger than this are not content-scanned; their info is still reported. */
  maxFileSize: number;
  /** Per-file timeout in seconds (ScanCode's default: 120). */
  timeoutSeconds: number;
}

export const DEFAULT_SCAN_OPTIONS: ScanOptions = {
  info: true,
  license: true,
  copyright: true,
  email: true,
  url: true,
  package: false,
  packageOnly: false,
  systemPackages: false,
  licenseText: true,
  maxFileSize: 100 * 1024 * 1024,
  timeoutSeconds: 120,
};
