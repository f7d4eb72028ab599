/**
 * Python's fnmatch semantics (what ScanCode's path_patterns use): `*` matches any run of
 * characters including `/`, `?` one character, `[...]` a class, `[!...]` its negation. No
 * library implements these exact rules (minimatch and picomatch treat `/` specially), hence this
 * small translation to a RegExp.
 */
const cache = new Map<string, RegExp>();

export function fnmatchRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') src += '.*';
    else if (c === '?') src += '.';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
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
