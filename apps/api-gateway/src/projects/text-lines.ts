/** ScanCode's text-line reading: every line ends with a newline, whatever the original endings. */
export function normalizeTextLines(text: string): string {
  if (text === '') return '';
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => `${l}\n`).join('');
}
