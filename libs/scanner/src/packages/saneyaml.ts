/**
 * ScanCode turns a structured extracted_license_statement ({license, classifiers}...) into text
 * with `saneyaml.dump` (PyYAML, block style, indent 2, width 90). This reproduces that output
 * for the shapes the package handlers produce: mappings of strings, lists and nested mappings.
 * Scalars are plain when PyYAML would allow it, else single-quoted; multi-line text uses `|`;
 * long plain/quoted scalars fold at spaces past column 90 as PyYAML does.
 */
export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

const WIDTH = 90;

export function saneYamlDump(value: YamlValue): string {
  const out: string[] = [];
  emitBlock(value, 0, out);
  return out.join('');
}

/** With `continued`, the first line's indentation is already written (a collection in a list item). */
function emitBlock(value: YamlValue, indent: number, out: string[], continued = false): void {
  const padOf = (i: number) => (continued && i === 0 ? '' : ' '.repeat(indent));
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push(`${padOf(i)}- `);
      emitInline(item, indent + 2, indent + 2, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [i, [k, v]] of Object.entries(value).entries()) {
      const key = scalar(k, indent, indent);
      out.push(`${padOf(i)}${key}:`);
      if (Array.isArray(v) ? v.length : v !== null && typeof v === 'object' && Object.keys(v).length) {
        out.push('\n');
        emitBlock(v, indent + 2, out);
      } else {
        out.push(' ');
        emitInline(v, indent + 2, indent + key.length + 2, out);
      }
    }
  } else {
    emitInline(value, indent, indent, out);
  }
}

function emitInline(value: YamlValue, indent: number, column: number, out: string[]): void {
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    if (Array.isArray(value) ? !value.length : !Object.keys(value).length) {
      out.push(Array.isArray(value) ? '[]\n' : '{}\n');
      return;
    }
    // A nested collection inside a list item starts on the item's line, as PyYAML writes it.
    emitBlock(value, indent, out, true);
    return;
  }
  out.push(scalar(value, indent, column), '\n');
}

function scalar(value: string | number | boolean | null, indent: number, column: number): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  if (typeof value === 'number') return text;
  if (text.includes('\n')) return `|\n${text.split('\n').map((l) => (l ? ' '.repeat(indent) + l : '')).join('\n')}`;
  const quoted = mustQuote(text);
  return fold(quoted ? `'${text.replace(/'/g, "''")}'` : text, indent, column, quoted);
}

function mustQuote(text: string): boolean {
  if (text === '' || text === 'null') return true;
  if (/^[0-9]+$/.test(text)) return text.replace(/^0+/, '') !== text;
  if (/^(19|20[0-9]{2}-[0-1][0-9]-[0-3]?[1-9])/.test(text)) return true;
  if (text !== '.' && text.split('.').length === 2 && /^[0-9.]+$/.test(text)) return true;
  if (text.startsWith('---') || text.startsWith('...')) return true;
  if (/^[#,[\]{}&*!|>'"%@`]/.test(text)) return true;
  if (/^[-?:](\s|$)/.test(text)) return true;
  if (/^\s|\s$/.test(text)) return true;
  return /:(\s|$)|\s#/.test(text);
}

/** PyYAML breaks a line at a single space once the column is past the width. */
function fold(text: string, indent: number, column: number, quoted: boolean): string {
  let out = '';
  let col = column;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const single = c === ' ' && text[i - 1] !== ' ' && text[i + 1] !== ' ';
    if (single && col > WIDTH && i > 0 && i < text.length - 1 && !(quoted && (i === 1 || i === text.length - 2))) {
      out += '\n' + ' '.repeat(indent);
      col = indent;
      continue;
    }
    out += c;
    col++;
  }
  return out;
}
