import ts from 'typescript';
import { isTreeSitterIdentifier, TYPESCRIPT_MODIFIERS } from './identifier-roles';
import { jsxStringFragments, quotedStringFragments, templateFragments } from './string-fragments';
import { isTypeScriptOnlySyntax, typeScriptOnlyWords, type Found } from './typescript-only-syntax';

/**
 * Symbols and strings of a JavaScript or TypeScript file, as ScanCode.io stores them in
 * `extra_data.source_symbols` / `source_strings` (source-inspector's tree-sitter extraction):
 * the text of every `identifier` node of tree-sitter-javascript's tree, and of every
 * `string_fragment` node, in document order, duplicates kept.
 *
 * Parser choice: TypeScript's own parser (the `typescript` package the workspace already has).
 * It is pure JavaScript (no native build, no WebAssembly to load, synchronous), reads
 * JavaScript, JSX and TypeScript, and never throws: a minified, truncated or invalid file
 * still gives a tree, with the parts it could not read skipped. tree-sitter itself (through
 * web-tree-sitter and the grammar's .wasm) would match ScanCode.io byte for byte, at the cost
 * of two new dependencies and an asynchronous load; for JavaScript the walk below gives the
 * same lists (checked against tree-sitter-javascript 0.23.1 on real files, see the spec), and
 * for TypeScript, which ScanCode.io reads with the JavaScript grammar, it approximates that
 * grammar's error recovery (typescript-only-syntax.ts).
 */
export interface SourceSymbolsAndStrings {
  symbols: string[];
  strings: string[];
}

export type SourceLanguage = 'JavaScript' | 'TypeScript';

/**
 * The language ScanCode.io extracts a file as, from its name (Pygments' lexer names); null when
 * it extracts nothing: .jsx is Pygments' "JSX", which source-inspector has no grammar for.
 */
export function sourceLanguageOf(fileName: string): SourceLanguage | null {
  const lower = fileName.toLowerCase();
  if (/\.(js|mjs|cjs)$/.test(lower)) return 'JavaScript';
  if (/\.(ts|mts|cts)$/.test(lower)) return 'TypeScript';
  return null;
}

export function extractSymbolsAndStrings(text: string, language: SourceLanguage): SourceSymbolsAndStrings {
  const typescript = language === 'TypeScript';
  const kind = typescript ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(typescript ? 'source.ts' : 'source.jsx', text, ts.ScriptTarget.Latest, true, kind);
  const symbols: Found[] = [];
  const strings: Found[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const text = node.getText(source); // empty for an identifier the parser had to invent
      if (text && isTreeSitterIdentifier(node, typescript)) symbols.push({ at: node.getStart(source), text });
      return;
    }
    if (typescript && isTypeScriptOnlySyntax(node)) {
      typeScriptOnlyWords(source, node.getStart(source), node.end, symbols, strings);
      return;
    }
    if (typescript) typeScriptKeywords(node, source, symbols);
    collectStrings(node, source, strings);
    ts.forEachChild(node, visit);
  };
  visit(source);

  return { symbols: inDocumentOrder(symbols), strings: inDocumentOrder(strings) };
}

/** Fragments of string and template literals (tree-sitter's string_fragment nodes). */
function collectStrings(node: ts.Node, source: ts.SourceFile, strings: Found[]): void {
  let fragments: string[];
  if (ts.isStringLiteral(node)) {
    const raw = node.getText(source);
    const body = raw.slice(1, raw.length > 1 && raw.endsWith(raw[0]) ? -1 : undefined);
    fragments = ts.isJsxAttribute(node.parent) ? jsxStringFragments(body) : quotedStringFragments(body);
  } else if (TEMPLATE_PARTS.has(node.kind)) {
    fragments = templateFragments(templateSpan(node.getText(source)));
  } else {
    return;
  }
  const at = node.getStart(source);
  for (const text of fragments) strings.push({ at, text });
}

const TEMPLATE_PARTS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** The raw characters of a template part, without its "`", "${" and "}" delimiters. */
function templateSpan(raw: string): string {
  const start = raw.startsWith('`') || raw.startsWith('}') ? 1 : 0;
  const end = raw.endsWith('${') ? raw.length - 2 : raw.endsWith('`') && raw.length > start ? raw.length - 1 : raw.length;
  return raw.slice(start, end);
}

/** TypeScript keywords outside type syntax that the JavaScript grammar reads as identifiers. */
function typeScriptKeywords(node: ts.Node, source: ts.SourceFile, symbols: Found[]): void {
  if (TYPESCRIPT_MODIFIERS.has(node.kind)) {
    symbols.push({ at: node.getStart(source), text: node.getText(source) });
  } else if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    symbols.push({ at: node.expression.end, text: ts.isAsExpression(node) ? 'as' : 'satisfies' });
  } else if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isImportClause(node) || ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) symbols.push({ at: node.getStart(source), text: 'type' });
  } else if (ts.isModuleDeclaration(node)) {
    const start = node.getStart(source);
    const keyword = /\b(namespace|module)\b/.exec(source.text.slice(start, node.name.getStart(source)));
    if (keyword) symbols.push({ at: start + keyword.index, text: keyword[1] });
  }
}

const inDocumentOrder = (found: Found[]): string[] =>
  found
    .map((f, i) => ({ ...f, i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((f) => f.text);
