import ts from 'typescript';

/**
 * Whether an Identifier of TypeScript's syntax tree is one that tree-sitter-javascript names
 * `identifier` (the only node source-inspector keeps as a symbol). tree-sitter gives other
 * names to the same words in some places: member and object-key names are
 * `property_identifier`, `{a}` in an object is `shorthand_property_identifier`, `{a}` in a
 * pattern `shorthand_property_identifier_pattern`, labels `statement_identifier`; `undefined`
 * is a node of its own, `new.target` and `import.meta` are `meta_property`, and `yield` and
 * `await` are always keywords there.
 */
const NEVER_IDENTIFIERS = new Set(['undefined', 'yield', 'await']);

export function isTreeSitterIdentifier(node: ts.Identifier, typescript: boolean): boolean {
  if (NEVER_IDENTIFIERS.has(node.text)) return false;
  const parent = node.parent;
  if (!parent) return true;
  switch (parent.kind) {
    case ts.SyntaxKind.PropertyAccessExpression:
      return (parent as ts.PropertyAccessExpression).name !== node;
    case ts.SyntaxKind.PropertyAssignment:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
    case ts.SyntaxKind.ImportAttribute:
      return (parent as ts.NamedDeclaration).name !== node;
    case ts.SyntaxKind.PropertyDeclaration:
      // A typed or TypeScript-modified class field is not JavaScript: tree-sitter's JavaScript
      // grammar (which ScanCode.io also applies to .ts files) keeps its name as a bare identifier.
      return (parent as ts.PropertyDeclaration).name !== node || (typescript && isTypeScriptField(parent as ts.PropertyDeclaration));
    case ts.SyntaxKind.ShorthandPropertyAssignment:
      return (parent as ts.ShorthandPropertyAssignment).name !== node;
    case ts.SyntaxKind.BindingElement:
      return isIdentifierInBindingElement(parent as ts.BindingElement, node);
    case ts.SyntaxKind.LabeledStatement:
    case ts.SyntaxKind.BreakStatement:
    case ts.SyntaxKind.ContinueStatement:
    case ts.SyntaxKind.MetaProperty:
      return false;
    case ts.SyntaxKind.JsxAttribute:
      return (parent as ts.JsxAttribute).name !== node;
    default:
      return true;
  }
}

function isIdentifierInBindingElement(element: ts.BindingElement, node: ts.Identifier): boolean {
  if (element.propertyName === node) return false; // the key of {key: value}
  if (element.dotDotDotToken) return true; // {...rest}
  const inObjectPattern = element.parent.kind === ts.SyntaxKind.ObjectBindingPattern;
  // {a} and {a = 1} in an object pattern; in an array pattern, or as {key: a}, a is an identifier.
  return !(inObjectPattern && element.propertyName === undefined && element.name === node);
}

function isTypeScriptField(field: ts.PropertyDeclaration): boolean {
  if (field.type || field.questionToken || field.exclamationToken) return true;
  return (field.modifiers ?? []).some((m) => TYPESCRIPT_MODIFIERS.has(m.kind));
}

/** Modifiers JavaScript does not have; the JavaScript grammar reads them as identifiers. */
export const TYPESCRIPT_MODIFIERS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.PublicKeyword,
  ts.SyntaxKind.PrivateKeyword,
  ts.SyntaxKind.ProtectedKeyword,
  ts.SyntaxKind.ReadonlyKeyword,
  ts.SyntaxKind.AbstractKeyword,
  ts.SyntaxKind.OverrideKeyword,
  ts.SyntaxKind.DeclareKeyword,
]);
