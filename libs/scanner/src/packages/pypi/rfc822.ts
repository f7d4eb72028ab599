/**
 * A small RFC 822 header reader for Python core metadata (METADATA, PKG-INFO) and CRAN
 * DESCRIPTION files. Hand-written because no installed library reads these: headers are
 * `Name: value` lines, continuation lines start with whitespace, repeated headers are kept in
 * order, and the body after the first blank line is the (metadata 2.1+) description.
 */
export interface Rfc822Message {
  /** Header name (case kept) -> values, in file order. */
  headers: Map<string, string[]>;
  body: string;
}

export interface Rfc822Options {
  /** How continuation lines are joined: `raw` keeps their indentation (Python's email parser), `trim` strips it. */
  continuation: 'raw' | 'trim';
}

export function parseRfc822(text: string, opts: Rfc822Options = { continuation: 'raw' }): Rfc822Message {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers = new Map<string, string[]>();
  let current: { name: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const list = headers.get(current.name) ?? [];
    list.push(current.lines.join('\n').trim());
    headers.set(current.name, list);
    current = null;
  };
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i];
    // Only an empty line ends the headers: a whitespace-only line is a continuation (Python's email parser).
    if (line === '') {
      i++;
      break;
    }
    if (/^[ \t]/.test(line)) {
      if (!current) throw new Error(`invalid header continuation at line ${i + 1}`);
      (current as { lines: string[] }).lines.push(opts.continuation === 'trim' ? line.trim() : line.replace(/\s+$/, ''));
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[A-Za-z0-9@._/-]+$/.test(line.slice(0, colon))) throw new Error(`invalid header line ${i + 1}: ${JSON.stringify(line.slice(0, 60))}`);
    flush();
    current = { name: line.slice(0, colon), lines: [line.slice(colon + 1).trim()] };
  }
  flush();
  return { headers, body: lines.slice(i).join('\n') };
}

/** First value of a header, looked up case-insensitively (like Python's email.Message.get). */
export function header(msg: Rfc822Message, name: string): string | null {
  return headerAll(msg, name)[0] ?? null;
}

export function headerAll(msg: Rfc822Message, name: string): string[] {
  const lower = name.toLowerCase();
  const out: string[] = [];
  for (const [k, v] of msg.headers) if (k.toLowerCase() === lower) out.push(...v);
  return out;
}
