/**
 * A small license-expression parser and renderer (AND, OR, WITH, parentheses) that works for
 * ScanCode keys and SPDX ids alike; `spdx-expression-parse` only accepts known SPDX ids and
 * throws on anything else, which real SPDX-License-Identifier lines often contain.
 */
export type Expr =
  | { kind: 'key'; key: string }
  | { kind: 'with'; key: string; exception: string }
  | { kind: 'and' | 'or'; args: Expr[] };

const TOKEN = /\s*(\(|\)|[^\s()]+)/gy;

function lex(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(text)) !== null) out.push(m[1]);
  return out;
}

/** Parses leniently: unbalanced parentheses are closed, dangling operators are dropped. */
export function parseExpression(text: string): Expr | null {
  const toks = lex(text);
  let i = 0;
  const peek = (): string | undefined => toks[i];
  const isOp = (t: string | undefined, op: string): boolean => t !== undefined && t.toUpperCase() === op;

  function primary(): Expr | null {
    const t = peek();
    if (t === undefined) return null;
    if (t === '(') {
      i++;
      const e = orExpr();
      if (peek() === ')') i++;
      return e;
    }
    if (t === ')' || isOp(t, 'AND') || isOp(t, 'OR') || isOp(t, 'WITH')) {
      i++;
      return primary();
    }
    i++;
    if (isOp(peek(), 'WITH') && toks[i + 1] !== undefined && toks[i + 1] !== '(') {
      const exception = toks[i + 1];
      i += 2;
      return { kind: 'with', key: t, exception };
    }
    return { kind: 'key', key: t };
  }
  function chain(op: 'and' | 'or', next: () => Expr | null): Expr | null {
    const args: Expr[] = [];
    const first = next();
    if (first) args.push(first);
    while (isOp(peek(), op.toUpperCase())) {
      i++;
      const e = next();
      if (e) args.push(e);
    }
    if (args.length === 0) return null;
    return args.length === 1 ? args[0] : { kind: op, args };
  }
  const andExpr = (): Expr | null => chain('and', primary);
  const orExpr = (): Expr | null => chain('or', andExpr);

  const result = orExpr();
  return result;
}

export function mapKeys(e: Expr, fn: (key: string, isException: boolean) => string): Expr {
  switch (e.kind) {
    case 'key':
      return { kind: 'key', key: fn(e.key, false) };
    case 'with':
      return { kind: 'with', key: fn(e.key, false), exception: fn(e.exception, true) };
    case 'and':
    case 'or':
      return { kind: e.kind, args: e.args.map((a) => mapKeys(a, fn)) };
  }
}

export function renderExpression(e: Expr, nested = false): string {
  switch (e.kind) {
    case 'key':
      return e.key;
    case 'with':
      return `${e.key} WITH ${e.exception}`;
    case 'and':
    case 'or': {
      const s = e.args.map((a) => renderExpression(a, true)).join(e.kind === 'and' ? ' AND ' : ' OR ');
      return nested ? `(${s})` : s;
    }
  }
}

/** License symbols of an expression; a `WITH` pair counts as one symbol, as ScanCode lists it. */
export function expressionSymbols(e: Expr): string[] {
  switch (e.kind) {
    case 'key':
      return [e.key];
    case 'with':
      return [`${e.key} WITH ${e.exception}`];
    case 'and':
    case 'or':
      return e.args.flatMap(expressionSymbols);
  }
}

/** ScanCode's "combine with AND, unique": each distinct expression once, in first-seen order. */
export function combineAnd(expressions: string[]): string | null {
  const seen = new Set<string>();
  const parts: Expr[] = [];
  for (const text of expressions) {
    const e = parseExpression(text);
    if (!e) continue;
    for (const part of e.kind === 'and' ? e.args : [e]) {
      const key = renderExpression(part);
      if (seen.has(key)) continue;
      seen.add(key);
      parts.push(part);
    }
  }
  if (parts.length === 0) return null;
  return renderExpression(parts.length === 1 ? parts[0] : { kind: 'and', args: parts });
}
