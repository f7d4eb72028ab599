/** Words that make a file name a legal one (ScanCode's summarycode LEGAL_STARTS_ENDS). */
export const LEGAL_STARTS_ENDS = [
  'copying', 'copyright', 'copyrights', 'copyleft', 'notice', 'license', 'licenses', 'licence', 'licences',
  'licensing', 'licencing', 'legal', 'eula', 'agreement', 'patent', 'patents',
] as const;

/**
 * Whether a deployed file left unmapped is a legal file worth a review: its name starts or
 * ends with a legal word, or ends with one followed by its extension (`project.LICENSE`,
 * `license_mit.md`, `NOTICE.txt`), case-insensitively.
 */
export function isLegalFileName(name: string, extension: string): boolean {
  const lower = name.toLowerCase();
  const ext = extension.toLowerCase();
  return LEGAL_STARTS_ENDS.some((t) => lower.startsWith(t) || lower.endsWith(t) || lower.endsWith(`${t}${ext}`));
}

const WHITESPACE_BYTES = new Set([0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x08]);
/** The largest file flag_whitespace_files reads. */
export const WHITESPACE_FILE_MAX_SIZE = 100;

/** Whether content is made only of space, \n, \r, \t, \f and \b (ScanCode.io's whitespace files). */
export function isWhitespaceOnly(content: Uint8Array): boolean {
  for (const b of content) if (!WHITESPACE_BYTES.has(b)) return false;
  return true;
}
