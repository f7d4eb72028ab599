/**
 * A small static reader of the Elixir term syntax mix.lock is written in (hand-written: there is
 * no Elixir parser among the project's libraries, and the file must never be evaluated). It reads
 * maps (`%{k => v}`, `%{"k": v}`), tuples, lists, keyword lists (`[hex: :x, optional: true]`, read
 * as lists of `{key, value}` tuples), strings, atoms, numbers, `true`/`false`/`nil` and `#` comments.
 */
export interface Atom { atom: string }
export interface Tuple { tuple: Term[] }
export interface ElixirMap { map: [Term, Term][] }
export type Term = string | number | boolean | null | Atom | Tuple | ElixirMap | Term[];

export const isAtom = (t: Term | undefined): t is Atom => typeof t === 'object' && t !== null && 'atom' in t;
export const isTuple = (t: Term | undefined): t is Tuple => typeof t === 'object' && t !== null && 'tuple' in t;
export const isMap = (t: Term | undefined): t is ElixirMap => typeof t === 'object' && t !== null && !Array.isArray(t) && 'map' in t;

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '#': '#' };
const IDENT = /[A-Za-z_][A-Za-z0-9_@]*[?!]?/y;
const NUMBER = /-?\d[\d_]*(\.\d+)?([eE][-+]?\d+)?/y;

export class TermReader {
  private pos = 0;
  constructor(private readonly src: string) {}

  /** Reads the single term of the whole text. */
  static read(src: string): Term {
    const reader = new TermReader(src);
    const term = reader.term();
    reader.skip();
    if (reader.pos < src.length) reader.fail('unexpected text after the term');
    return term;
  }

  private fail(message: string): never {
    const line = this.src.slice(0, this.pos).split('\n').length;
    throw new Error(`${message} at line ${line}`);
  }

  private skip(): void {
    for (;;) {
      while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
      if (this.src[this.pos] !== '#') return;
      while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
    }
  }

  private eat(token: string): boolean {
    this.skip();
    if (!this.src.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.eat(token)) this.fail(`expected "${token}"`);
  }

  private match(re: RegExp): string | null {
    re.lastIndex = this.pos;
    const m = re.exec(this.src);
    if (!m) return null;
    this.pos += m[0].length;
    return m[0];
  }

  private string(): string {
    let out = '';
    for (this.pos++; this.pos < this.src.length; this.pos++) {
      const c = this.src[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === '\\') out += ESCAPES[this.src[++this.pos]] ?? this.src[this.pos];
      else if (c === '#' && this.src[this.pos + 1] === '{') this.fail('string interpolation is not a static term');
      else out += c;
    }
    return this.fail('unterminated string');
  }

  /** A `key:` keyword (identifier or quoted string followed by a colon and a space), or null. */
  private keyword(): string | null {
    this.skip();
    const start = this.pos;
    const key = this.src[this.pos] === '"' ? this.string() : this.match(IDENT);
    if (key !== null && this.src[this.pos] === ':' && /\s/.test(this.src[this.pos + 1] ?? '')) {
      this.pos++;
      return key;
    }
    this.pos = start;
    return null;
  }

  /** Items up to `close`, where `key: value` items become `{key, value}` tuples. */
  private items(close: string): Term[] {
    const out: Term[] = [];
    while (!this.eat(close)) {
      const key = this.keyword();
      out.push(key !== null ? { tuple: [{ atom: key }, this.term()] } : this.term());
      if (!this.eat(',')) {
        this.expect(close);
        break;
      }
    }
    return out;
  }

  private mapEntries(): [Term, Term][] {
    const out: [Term, Term][] = [];
    while (!this.eat('}')) {
      const key = this.keyword();
      if (key !== null) out.push([key, this.term()]);
      else {
        const k = this.term();
        this.expect('=>');
        out.push([k, this.term()]);
      }
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
    }
    return out;
  }

  term(): Term {
    this.skip();
    const c = this.src[this.pos];
    if (c === undefined) this.fail('unexpected end of file');
    if (this.eat('%{')) return { map: this.mapEntries() };
    if (this.eat('{')) return { tuple: this.items('}') };
    if (this.eat('[')) return this.items(']');
    if (c === '"') return this.string();
    if (c === ':') {
      this.pos++;
      const name = this.src[this.pos] === '"' ? this.string() : this.match(IDENT);
      return name !== null ? { atom: name } : this.fail('invalid atom');
    }
    const num = this.match(NUMBER);
    if (num !== null) return Number(num.replace(/_/g, ''));
    const ident = this.match(IDENT);
    if (ident === 'true' || ident === 'false') return ident === 'true';
    if (ident === 'nil') return null;
    return this.fail(ident ? `unsupported expression "${ident}"` : `unexpected character "${c}"`);
  }
}

/** The value of `key` in a keyword list (`[hex: :x, optional: true]`). */
export function keywordValue(list: Term | undefined, key: string): Term | undefined {
  if (!Array.isArray(list)) return undefined;
  for (const item of list) if (isTuple(item) && isAtom(item.tuple[0]) && item.tuple[0].atom === key) return item.tuple[1];
  return undefined;
}

/** A string or an atom's name. */
export const termText = (t: Term | undefined): string | null => (typeof t === 'string' ? t : isAtom(t) ? t.atom : null);
