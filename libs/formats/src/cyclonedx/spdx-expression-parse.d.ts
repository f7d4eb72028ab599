declare module 'spdx-expression-parse' {
  /** Parses an SPDX license expression of known SPDX ids; throws on anything else. */
  function parse(expression: string): unknown;
  export = parse;
}
