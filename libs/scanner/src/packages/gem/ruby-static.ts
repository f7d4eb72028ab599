/**
 * A small static reader for the Ruby DSL files of packaging (gemspec, Gemfile, podspec,
 * Podfile). Ruby is never executed: statements are split on lines (joined while brackets are
 * open), heredocs become string literals, and only literal values are read. `NAME = "literal"`
 * constants of the same file resolve `Foo::NAME` references; other expressions are kept as-is.
 */

export interface RubyStatement {
  /** The statement text, comments removed, heredoc bodies inlined as a double-quoted literal. */
  text: string;
  line: number;
}

const HEREDOC = /<<([~-]?)(['"]?)([A-Z_][A-Z0-9_]*)\2/;

export function rubyStatements(source: string): RubyStatement[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: RubyStatement[] = [];
  let pending = '';
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = stripComment(lines[i]);
    const doc = HEREDOC.exec(line);
    if (doc) {
      const body: string[] = [];
      while (++i < lines.length && lines[i].trim() !== doc[3]) body.push(lines[i]);
      line = line.replace(HEREDOC, JSON.stringify(dedent(body).join('\n').trim()));
    }
    if (!pending) start = i + 1;
    pending = pending ? `${pending} ${line.trim()}` : line.trim();
    if (openBrackets(pending) <= 0 && !/[,\\]$/.test(pending)) {
      if (pending) out.push({ text: pending, line: start });
      pending = '';
    }
  }
  if (pending) out.push({ text: pending, line: start });
  return out;
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const n = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(n).trimEnd());
}

/** Drops a `#` comment that is not inside a string literal. */
export function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && line[i + 1] !== '{') return line.slice(0, i);
  }
  return line;
}

function openBrackets(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return depth;
}

/** Every string literal of an expression, in order ('…', "…", %q{…} / %q<…>, %w[…] words). */
export function stringLiterals(expr: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|%[qQ](\{[^}]*\}|<[^>]*>|\([^)]*\)|\[[^\]]*\])|%[wW][[({]([^\])}]*)[\])}]/g;
  for (let m = re.exec(expr); m; m = re.exec(expr)) {
    if (m[1] !== undefined) out.push(unescapeDouble(m[1]));
    else if (m[2] !== undefined) out.push(m[2].replace(/\\(['\\])/g, '$1'));
    else if (m[3] !== undefined) out.push(m[3].slice(1, -1));
    else out.push(...m[4].split(/\s+/).filter(Boolean));
  }
  return out;
}

function unescapeDouble(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** `NAME = "literal"` constants defined anywhere in the file. */
export function rubyConstants(statements: readonly RubyStatement[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { text } of statements) {
    const m = /^([A-Z][A-Z0-9_]*)\s*=\s*(["'].*)$/.exec(text);
    const value = m ? stringLiterals(m[2])[0] : undefined;
    if (m && value !== undefined) out.set(m[1], value);
  }
  return out;
}

/**
 * The value of a simple expression: its first string literal, a resolved `Foo::NAME` constant, or
 * the expression itself (trimmed of `.freeze`/`.dup`) when it is neither.
 */
export function rubyValue(expr: string, constants: ReadonlyMap<string, string>): string | null {
  const literal = stringLiterals(expr)[0];
  if (literal !== undefined) return literal.trim() || null;
  const e = expr.trim().replace(/\.(freeze|dup|to_s)$/, '');
  const constant = /^(?:[A-Z]\w*::)*([A-Z][A-Z0-9_]*)$/.exec(e);
  if (constant && constants.has(constant[1])) return constants.get(constant[1]) ?? null;
  return e || null;
}

/** `receiver.attr = value` assignments (`spec.name = "x"`, `s.metadata["k"] = "v"`). */
export function rubyAssignments(statements: readonly RubyStatement[]): { attr: string; key: string | null; value: string }[] {
  const out: { attr: string; key: string | null; value: string }[] = [];
  for (const { text } of statements) {
    const m = /^[a-z_]\w*\.(\w+)(?:\[\s*["':]?([\w-]+)["']?\s*\])?\s*=\s*(.+)$/.exec(text);
    if (m) out.push({ attr: m[1], key: m[2] ?? null, value: m[3] });
  }
  return out;
}

/** `key => "value"` / `key: "value"` pairs of a Ruby hash literal (only literal values). */
export function rubyHashPairs(expr: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /(?:"([^"]*)"|'([^']*)'|:?([\w-]+))\s*(?:=>|:)\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|:\w+|true|false)/g;
  for (let m = re.exec(expr); m; m = re.exec(expr)) {
    const v = m[4];
    out.set(m[1] ?? m[2] ?? m[3], v.startsWith(':') ? v.slice(1) : stringLiterals(v)[0] ?? v);
  }
  return out;
}
