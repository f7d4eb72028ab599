/**
 * A small license-expression parser for attribution: ScanCode keys combined with `AND`, `OR`,
 * `WITH` and parentheses (precedence WITH > AND > OR). `simplifyExpression` removes duplicate
 * operands, flattens nested groups of the same operator and sorts plain symbols by key, close
 * to `license_expression`'s `simplify()`; absorption (`a AND (a OR b)`) is not applied.
 */

export type LicenseNode =
  | { kind: 'license'; key: string }
  | { kind: 'with'; license: string; exception: string }
  | { kind: 'and' | 'or'; args: LicenseNode[] };

export class LicenseExpressionError extends Error {}

/** Parentheses, or a run of other non-space characters (keys and operators). */
function tokenize(expression: string): string[] {
  return expression.match(/[()]|[^\s()]+/g) ?? [];
}

const isKeyword = (token: string | undefined, keyword: string) => token !== undefined && token.toUpperCase() === keyword;

/** Parses `expression`; returns null for an empty expression. */
export function parseLicenseExpression(expression: string): LicenseNode | null {
  const tokens = tokenize(expression);
  if (tokens.length === 0) return null;
  let position = 0;

  const parseOperand = (): LicenseNode => {
    const token = tokens[position++];
    if (token === undefined) throw new LicenseExpressionError(`Unexpected end of license expression: ${expression}`);
    if (token === '(') {
      const inner = parseOr();
      if (tokens[position++] !== ')') throw new LicenseExpressionError(`Missing ")" in license expression: ${expression}`);
      return inner;
    }
    if (token === ')' || ['AND', 'OR', 'WITH'].some((keyword) => isKeyword(token, keyword))) {
      throw new LicenseExpressionError(`Unexpected "${token}" in license expression: ${expression}`);
    }
    if (isKeyword(tokens[position], 'WITH')) {
      position++;
      const exception = tokens[position++];
      if (exception === undefined || exception === '(' || exception === ')') throw new LicenseExpressionError(`Invalid WITH in: ${expression}`);
      return { kind: 'with', license: token, exception };
    }
    return { kind: 'license', key: token };
  };
  const parseBinary = (kind: 'and' | 'or', keyword: string, next: () => LicenseNode) => (): LicenseNode => {
    const args = [next()];
    while (isKeyword(tokens[position], keyword)) {
      position++;
      args.push(next());
    }
    return args.length === 1 ? (args[0] as LicenseNode) : { kind, args };
  };
  const parseAnd = parseBinary('and', 'AND', parseOperand);
  const parseOr = parseBinary('or', 'OR', parseAnd);

  const root = parseOr();
  if (position !== tokens.length) throw new LicenseExpressionError(`Unexpected "${tokens[position]}" in license expression: ${expression}`);
  return root;
}

/** The plain text of a node, used for de-duplication and sorting. */
export function expressionText(node: LicenseNode): string {
  switch (node.kind) {
    case 'license':
      return node.key;
    case 'with':
      return `${node.license} WITH ${node.exception}`;
    case 'and':
    case 'or':
      return node.args.map((arg) => (arg.kind === 'and' || arg.kind === 'or' ? `(${expressionText(arg)})` : expressionText(arg))).join(node.kind === 'and' ? ' AND ' : ' OR ');
  }
}

export function simplifyExpression(node: LicenseNode): LicenseNode {
  if (node.kind === 'license' || node.kind === 'with') return node;
  const flat: LicenseNode[] = [];
  for (const arg of node.args.map(simplifyExpression)) {
    if (arg.kind === node.kind) flat.push(...arg.args);
    else flat.push(arg);
  }
  const unique = new Map<string, LicenseNode>();
  for (const arg of flat) if (!unique.has(expressionText(arg))) unique.set(expressionText(arg), arg);
  const symbols = [...unique.values()].filter((arg) => arg.kind === 'license' || arg.kind === 'with');
  const groups = [...unique.values()].filter((arg) => arg.kind === 'and' || arg.kind === 'or');
  symbols.sort((a, b) => (expressionText(a) < expressionText(b) ? -1 : expressionText(a) > expressionText(b) ? 1 : 0));
  const args = [...symbols, ...groups];
  return args.length === 1 ? (args[0] as LicenseNode) : { kind: node.kind, args };
}

/** The license keys of an expression in order of appearance, WITH exceptions included, without duplicates. */
export function expressionKeys(node: LicenseNode | null): string[] {
  const keys = new Set<string>();
  const visit = (current: LicenseNode): void => {
    if (current.kind === 'license') keys.add(current.key);
    else if (current.kind === 'with') keys.add(current.license).add(current.exception);
    else current.args.forEach(visit);
  };
  if (node) visit(node);
  return [...keys];
}

/** Renders `node`, each key through `renderKey`, compound operands in parentheses. */
export function renderExpression(node: LicenseNode, renderKey: (key: string) => string): string {
  switch (node.kind) {
    case 'license':
      return renderKey(node.key);
    case 'with':
      return `${renderKey(node.license)} WITH ${renderKey(node.exception)}`;
    case 'and':
    case 'or':
      return node.args
        .map((arg) => (arg.kind === 'and' || arg.kind === 'or' ? `(${renderExpression(arg, renderKey)})` : renderExpression(arg, renderKey)))
        .join(node.kind === 'and' ? ' AND ' : ' OR ');
  }
}
