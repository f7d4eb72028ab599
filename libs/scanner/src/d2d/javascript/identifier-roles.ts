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
export function isTreeSitterIdentifier(node: ts.Identifier, typescript: boolean): boolean {
  if (NEVER_IDENTIFIERS.has(node.text)) return false;
  const parent = node.parent;
  if (!parent) return true;
  if (NAMING_PARENTS.has(parent.kind)) return (parent as ts.NamedDeclaration).name !== node;
  if (NOT_IDENTIFIER_PARENTS.has(parent.kind)) return false;
  if (ts.isPropertyAccessExpression(parent)) return parent.name !== node;
  if (ts.isBindingElement(parent)) return isIdentifierInBindingElement(parent, node);
  if (ts.isPropertyDeclaration(parent)) {
    // A typed or TypeScript-modified class field is not JavaScript: tree-sitter's JavaScript
    // grammar (which ScanCode.io also applies to .ts files) keeps its name as a bare identifier.
    return parent.name !== node || (typescript && isTypeScriptField(parent));
  }
  return true;
}

const NEVER_IDENTIFIERS = new Set(['undefined', 'yield', 'await']);

/** Parents whose `name` is a property name (property_identifier, shorthand_property_identifier). */
const NAMING_PARENTS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ShorthandPropertyAssignment,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.ImportAttribute,
  ts.SyntaxKind.JsxAttribute,
]);

/** Labels (statement_identifier) and the words of new.target and import.meta (meta_property). */
const NOT_IDENTIFIER_PARENTS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.LabeledStatement,
  ts.SyntaxKind.BreakStatement,
  ts.SyntaxKind.ContinueStatement,
  ts.SyntaxKind.MetaProperty,
]);

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
