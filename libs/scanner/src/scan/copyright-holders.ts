import { detectCopyrights } from '../copyright';
import { textLines } from '../text';

/**
 * The holders the copyright detector finds in a package's copyright statement (a Debian
 * copyright file's Copyright fields, an rpm's...), in order, each once, as a system-package
 * scan gives a package's `holder`.
 */
export function copyrightHolders(statement: string): string[] {
  return [...new Set(detectCopyrights(textLines(Buffer.from(statement))).holders.map((h) => h.holder))];
}
