/**
 * A small RFC 822 / deb822 paragraph reader (dpkg status, control, DEP-5 copyright files).
 * Hand-written: no maintained npm library parses deb822, and the format is simple: paragraphs
 * separated by blank lines, `Field: value` lines, continuation lines starting with a space or
 * tab. Field names are case-insensitive (kept lowercased); multi-line values keep their
 * continuation lines verbatim (leading space included) joined with `\n`, as python-debian does.
 */

export type Paragraph = Map<string, string>;

const PGP_BEGIN = '-----BEGIN PGP SIGNED MESSAGE-----';

/** Paragraphs of a deb822 text; lines that are neither fields nor continuations throw. */
export function parseParagraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  let current: Paragraph | null = null;
  let lastField: string | null = null;
  const lines = stripPgp(text).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') {
      current = null;
      lastField = null;
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line[0] === ' ' || line[0] === '\t') {
      if (!current || lastField === null) throw new Error(`line ${i + 1}: continuation line outside of a field`);
      current.set(lastField, `${current.get(lastField) ?? ''}\n${line}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`line ${i + 1}: expected "Field: value", got ${JSON.stringify(line.slice(0, 60))}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!current) out.push((current = new Map()));
    current.set(name, line.slice(colon + 1).trim());
    lastField = name;
  }
  return out;
}

function stripPgp(text: string): string {
  if (!text.startsWith(PGP_BEGIN)) return text;
  const body = text.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  const end = body.indexOf('-----BEGIN PGP SIGNATURE-----');
  return end < 0 ? body : body.slice(0, end);
}

/** The value of a field with trailing whitespace of each line dropped, or null when empty. */
export function field(p: Paragraph, name: string): string | null {
  const v = p.get(name);
  if (v === undefined) return null;
  const t = v.replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '');
  return t.trim() ? t : null;
}
