/**
 * A reader for the classic yarn.lock (v1) format. It is hand-written because the format is not
 * YAML (`version "1.2.3"`: key and value separated by a space, comma-separated keys
 * `"a@^1", "a@^1.2":`) and there is no maintained standalone parser among our dependencies
 * (`@yarnpkg/lockfile` is unmaintained and not installed). The format is small: two-space
 * indentation, `key value` pairs, `key:` opening a nested map, `#` comments, quoted strings with
 * JSON escapes.
 */

export interface YarnV1Map {
  [key: string]: string | boolean | YarnV1Map;
}

function fail(lineNo: number, why: string): never {
  throw new Error(`invalid yarn.lock (v1): line ${lineNo}: ${why}`);
}

/** One token at `pos`: a JSON-quoted string or a bare word ending at whitespace, `,` or a final `:`. */
function token(line: string, pos: number, lineNo: number): { value: string; end: number } {
  if (line[pos] === '"') {
    let i = pos + 1;
    while (i < line.length && line[i] !== '"') i += line[i] === '\\' ? 2 : 1;
    if (i >= line.length) fail(lineNo, 'unterminated string');
    try {
      return { value: JSON.parse(line.slice(pos, i + 1)) as string, end: i + 1 };
    } catch {
      fail(lineNo, 'bad string escape');
    }
  }
  let i = pos;
  while (i < line.length && !/[\s,]/.test(line[i]) && !(line[i] === ':' && i === line.length - 1)) i++;
  if (i === pos) fail(lineNo, `unexpected character ${JSON.stringify(line[pos] ?? 'end of line')}`);
  return { value: line.slice(pos, i), end: i };
}

/** The keys of a `key1, key2:` map opener. */
function keysOf(text: string, lineNo: number): string[] {
  const keys: string[] = [];
  let pos = 0;
  while (pos < text.length) {
    const t = token(text, pos, lineNo);
    keys.push(t.value);
    pos = t.end;
    if (pos < text.length) {
      if (text[pos] !== ',') fail(lineNo, 'expected "," between keys');
      pos++;
      while (text[pos] === ' ') pos++;
    }
  }
  return keys;
}

function scalar(raw: string, lineNo: number): string | boolean {
  const t = token(raw, 0, lineNo);
  if (t.end !== raw.length) fail(lineNo, 'trailing text after value');
  if (raw[0] !== '"' && (t.value === 'true' || t.value === 'false')) return t.value === 'true';
  return t.value;
}

/** Parses a yarn.lock v1 text into nested maps; a map opener with several keys shares one map. */
export function readYarnV1(text: string): YarnV1Map {
  const root: YarnV1Map = {};
  const stack: YarnV1Map[] = [root];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    const indent = line.length - line.trimStart().length;
    if (line.slice(0, indent).includes('\t')) fail(lineNo, 'tab indentation');
    if (indent % 2 !== 0) fail(lineNo, 'odd indentation');
    const depth = indent / 2;
    if (depth >= stack.length) fail(lineNo, 'unexpected indentation');
    stack.length = depth + 1;
    const body = line.slice(indent).trimEnd();
    const target = stack[depth];
    if (body.endsWith(':')) {
      const map: YarnV1Map = {};
      for (const key of keysOf(body.slice(0, -1), lineNo)) target[key] = map;
      stack.push(map);
      return;
    }
    const k = token(body, 0, lineNo);
    if (body[k.end] !== ' ') fail(lineNo, 'expected "key value" or "key:"');
    target[k.value] = scalar(body.slice(k.end).trim(), lineNo);
  });
  return root;
}
