import ts from 'typescript';
import { quotedStringFragments, templateFragments } from './string-fragments';

/**
 * ScanCode.io parses .ts files with tree-sitter's *JavaScript* grammar (source-inspector maps
 * TypeScript to tree_sitter_javascript). Type annotations, interfaces, enums and the like are
 * syntax errors there, and the words inside them survive as bare `identifier` leaves of ERROR
 * nodes: `x: number` yields "x" and "number", `interface Point {…}` yields "interface" and
 * "Point". That error recovery cannot be reproduced exactly; this approximates it by taking
 * every word of such syntax as a symbol except JavaScript's reserved words, which the grammar
 * lexes as keywords.
 */

/** Words tree-sitter-javascript always lexes as keywords or as nodes of their own, never as identifiers. */
const JAVASCRIPT_RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'export', 'extends', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'return',
  'super', 'switch', 'this', 'throw', 'try', 'typeof', 'var', 'void', 'while', 'with', 'null', 'true',
  'false', 'undefined',
]);

/** Whether a node is syntax of TypeScript alone, taken word by word (its JavaScript parts, if any, too). */
export function isTypeScriptOnlySyntax(node: ts.Node): boolean {
  if (ts.isTypeNode(node)) return true; // type references and keyword types (number, string…) alike
  if (ts.isHeritageClause(node)) return node.token === ts.SyntaxKind.ImplementsKeyword;
  return TYPESCRIPT_DECLARATIONS.has(node.kind);
}

const TYPESCRIPT_DECLARATIONS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.IndexSignature,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.NamespaceExportDeclaration,
]);

export interface Found {
  at: number;
  text: string;
}

/** Every word (but reserved ones) and every string fragment in a stretch of TypeScript-only syntax. */
export function typeScriptOnlyWords(source: ts.SourceFile, start: number, end: number, symbols: Found[], strings: Found[]): void {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source.text, undefined, start, end - start);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const at = scanner.getTokenStart();
    const text = scanner.getTokenText();
    const isWord = token === ts.SyntaxKind.Identifier || (token >= ts.SyntaxKind.FirstKeyword && token <= ts.SyntaxKind.LastKeyword);
    if (isWord) {
      if (!JAVASCRIPT_RESERVED.has(text)) symbols.push({ at, text });
    } else if (token === ts.SyntaxKind.StringLiteral) {
      for (const fragment of quotedStringFragments(text.slice(1, -1))) strings.push({ at, text: fragment });
    } else if (token === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      for (const fragment of templateFragments(text.slice(1, -1))) strings.push({ at, text: fragment });
    }
  }
}
