/**
 * A static reader for setup.py: tokenizes Python source and evaluates only literals (strings,
 * numbers, True/False/None, lists, tuples, sets, dicts, adjacent-string concatenation) and names
 * bound to such literals at the top level. Nothing is executed; anything else reads as undefined.
 * Hand-written: there is no Python parser among the project's libraries.
 */
export type PyValue = string | number | boolean | null | PyValue[] | { [key: string]: PyValue };

interface Token {
  kind: 'name' | 'string' | 'number' | 'op' | 'newline';
  value: string;
  /** Bracket depth at the token, to find top-level statements. */
  depth: number;
}

const STRING = /^([rRbBuUfF]{0,2})('''|"""|'|")/;

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let depth = 0;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '\\' && src[i + 1] === '\n') i += 2;
    else if (c === '\n') {
      if (depth === 0) out.push({ kind: 'newline', value: '\n', depth });
      i++;
    } else if (/\s/.test(c)) i++;
    else if (STRING.test(src.slice(i, i + 5))) {
      const m = STRING.exec(src.slice(i, i + 5)) as RegExpExecArray;
      const quote = m[2];
      let j = i + m[0].length;
      let value = '';
      const raw = /r/i.test(m[1]);
      while (j < src.length && !src.startsWith(quote, j)) {
        if (src[j] === '\\' && !raw) {
          const n = src[j + 1];
          value += n === 'n' ? '\n' : n === 't' ? '\t' : n === '\n' ? '' : n;
          j += 2;
        } else value += src[j++];
      }
      if (j >= src.length) throw new Error('unterminated string literal in setup.py');
      out.push({ kind: 'string', value: /f/i.test(m[1]) ? '\u0000' : value, depth });
      i = j + quote.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i)) as RegExpExecArray;
      out.push({ kind: 'name', value: m[0], depth });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9_.eE]*/.exec(src.slice(i)) as RegExpExecArray;
      out.push({ kind: 'number', value: m[0], depth });
      i += m[0].length;
    } else {
      if ('([{'.includes(c)) depth++;
      if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
      const two = src.slice(i, i + 2);
      const op = ['==', '!=', '<=', '>=', '**', '->', ':='].includes(two) ? two : c;
      out.push({ kind: 'op', value: op, depth: ')]}'.includes(c) ? depth + 1 : depth });
      i += op.length;
    }
  }
  return out;
}

/** Evaluates literal expressions over a token list; `names` resolves top-level constants. */
export class LiteralReader {
  pos = 0;
  constructor(readonly tokens: Token[], readonly names: Map<string, PyValue> = new Map()) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  /** Reads one expression; returns undefined (and skips it) when it is not a literal. */
  expression(): PyValue | undefined {
    const start = this.pos;
    const value = this.atom();
    const next = this.peek();
    if (value !== undefined && (!next || [',', ')', ']', '}', ':', '\n'].includes(next.value) || next.kind === 'newline')) return value;
    this.pos = start;
    this.skipExpression();
    return undefined;
  }

  private atom(): PyValue | undefined {
    const t = this.peek();
    if (!t) return undefined;
    this.pos++;
    if (t.kind === 'string') {
      let s = t.value;
      while (this.peek()?.kind === 'string') s += (this.tokens[this.pos++] as Token).value;
      return s.includes('\u0000') ? undefined : s;
    }
    if (t.kind === 'number') return Number(t.value.replace(/_/g, ''));
    if (t.kind === 'name') {
      if (t.value === 'True' || t.value === 'False') return t.value === 'True';
      if (t.value === 'None') return null;
      return this.names.get(t.value);
    }
    if (t.value === '[' || t.value === '(') return this.sequence(t.value === '[' ? ']' : ')');
    if (t.value === '{') return this.mapping();
    return undefined;
  }

  private sequence(close: string): PyValue[] | undefined {
    const out: PyValue[] = [];
    let ok = true;
    while (this.peek() && this.peek()?.value !== close) {
      const v = this.expression();
      if (v === undefined) ok = false;
      else out.push(v);
      if (this.peek()?.value === ',') this.pos++;
      else if (this.peek()?.value !== close) return undefined;
    }
    this.pos++;
    return ok || out.length ? out : undefined;
  }

  private mapping(): PyValue[] | { [key: string]: PyValue } | undefined {
    const out: { [key: string]: PyValue } = {};
    const set: PyValue[] = [];
    while (this.peek() && this.peek()?.value !== '}') {
      const k = this.expression();
      if (this.peek()?.value === ':') {
        this.pos++;
        const v = this.expression();
        if (typeof k === 'string' && v !== undefined) out[k] = v;
      } else if (k !== undefined) set.push(k);
      if (this.peek()?.value === ',') this.pos++;
      else if (this.peek()?.value !== '}') return undefined;
    }
    this.pos++;
    return set.length ? set : out;
  }

  /** Skips to the next `,` or closing bracket at the current depth. */
  skipExpression(): void {
    const first = this.peek();
    let depth = first?.depth ?? 0;
    if (first?.kind === 'op' && '([{'.includes(first.value)) depth--;
    while (this.peek()) {
      const t = this.peek() as Token;
      if (t.depth === depth && (t.value === ',' || t.kind === 'newline')) return;
      if (t.depth <= depth && ')]}'.includes(t.value) && t.kind === 'op') return;
      this.pos++;
    }
  }
}
