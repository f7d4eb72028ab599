/**
 * Python's fnmatch semantics (what ScanCode's path_patterns use): `*` matches any run of
 * characters including `/`, `?` one character, `[...]` a class, `[!...]` its negation. No
 * library implements these exact rules (minimatch and picomatch treat `/` specially), hence this
 * small translation to a RegExp.
 */
const cache = new Map<string, RegExp>();

/** Index of the `]` closing a class opened at `open` (a `]` right after the `[` is a member), or -1: a lone `[` is literal. */
function classEnd(pattern: string, open: number): number {
  return pattern.indexOf(']', open + 2);
}

export function fnmatchRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') src += '.*';
    else if (c === '?') src += '.';
    else if (c === '[') {
      const end = classEnd(pattern, i);
      if (end < 0) src += '\\[';
      else {
        let cls = pattern.slice(i + 1, end);
        if (cls.startsWith('!')) cls = '^' + cls.slice(1);
        src += `[${cls.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else src += c.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  re = new RegExp(`^${src}$`, 's');
  cache.set(pattern, re);
  return re;
}

export function fnmatch(path: string, pattern: string): boolean {
  return fnmatchRegExp(pattern).test(path);
}

// A pattern as a plain string test where it is one: most package patterns are a star then a
// literal (`*/package.json`, `*.gemspec`), which is `endsWith`, and a few have no wildcard at all.
// A star matches `/` here, so `*/*<literal>` is `*<literal>` for a path that starts with `/`.
export function fnmatchTest(pattern: string): (path: string) => boolean {
  const literal = (s: string) => !/[*?[]/.test(s);
  if (literal(pattern)) return (path) => path === pattern;
  const rest = pattern.startsWith('*/*') ? pattern.slice(3) : pattern.startsWith('*') ? pattern.slice(1) : null;
  if (rest !== null && literal(rest)) return pattern.startsWith('*/*') ? (path) => path.startsWith('/') && path.endsWith(rest) : (path) => path.endsWith(rest);
  const re = fnmatchRegExp(pattern);
  return (path) => re.test(path);
}

/** What every path matching `pattern` ends with: the text after its last wildcard or class. */
export function fnmatchLiteralTail(pattern: string): string {
  return pattern.slice(Math.max(pattern.lastIndexOf('*'), pattern.lastIndexOf('?'), pattern.lastIndexOf(']')) + 1);
}

/** Characters LIKE gives a meaning (with its default escape, the backslash). */
const LIKE_SPECIAL = /[\\%_]/g;

/**
 * A SQL LIKE pattern that every path matching the fnmatch `pattern` matches: its literal text in
 * order, each wildcard or class widened to `%`. More paths may match it (`?` and classes stand
 * for any run, since a LIKE character and a JavaScript code unit differ beyond the BMP), so it
 * narrows a query that the fnmatch test then decides.
 */
export function fnmatchLike(pattern: string): string {
  let like = '';
  let widened = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const end = c === '[' ? classEnd(pattern, i) : -1;
    if (c === '*' || c === '?' || end >= 0) {
      if (!widened) like += '%';
      widened = true;
      if (end >= 0) i = end;
    } else {
      like += c.replace(LIKE_SPECIAL, '\\$&');
      widened = false;
    }
  }
  return like;
}
