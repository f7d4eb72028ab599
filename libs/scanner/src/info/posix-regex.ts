/**
 * libmagic's regular expressions (POSIX extended, compiled with REG_NEWLINE) as JavaScript ones.
 */

/** `[[:space:]]` and the other POSIX classes libmagic's patterns use, as JavaScript class contents. */
const POSIX_CLASSES: Record<string, string> = {
  space: ' \\t\\n\\r\\f\\v', blank: ' \\t', alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z',
  lower: 'a-z', xdigit: '0-9A-Fa-f', punct: '!-\\/:-@\\[-`{-~', print: ' -~', graph: '!-~', cntrl: '\\x00-\\x1f\\x7f',
};

/** A character as JavaScript class content (escaping what is special there). */
function classChar(c: string): string {
  return c === ']' || c === '\\' ? `\\${c}` : c;
}

/**
 * A POSIX extended regular expression as a JavaScript one with libmagic's REG_NEWLINE: `^` and
 * `$` at line boundaries, and neither `.` nor a negated class crossing a newline.
 */
export function posixToJs(pattern: string, caseless: boolean): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      out += next === '<' || next === '>' ? '\\b' : `\\${next}`;
      i++;
    } else if (c === '[') {
      let j = i + 1;
      let body = '';
      const negated = pattern[j] === '^';
      if (negated) j++;
      if (pattern[j] === ']') {
        body += '\\]';
        j++;
      }
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        const cls = /^\[:(\w+):\]/.exec(pattern.slice(j));
        if (cls) {
          body += POSIX_CLASSES[cls[1]] ?? '';
          j += cls[0].length - 1;
        } else if (pattern[j] === '\\') {
          // The magic parser has already turned \n, \t and \r into the characters; any other
          // backslash is a literal one inside a POSIX bracket, beside the character after it.
          const escaped = pattern[++j] ?? '';
          body += escaped !== '' && 'ntr'.includes(escaped) ? `\\${escaped}` : `\\\\${classChar(escaped)}`;
        } else body += classChar(pattern[j]);
      }
      out += negated ? `[^\\n${body}]` : `[${body}]`;
      i = j;
    } else out += c;
  }
  // "Any lines" written as a nested repetition would backtrack exponentially in JavaScript.
  out = out.split('(.*[\\n]*)*').join('[^]*');
  if (NESTED_REPETITION.test(out)) throw new Error(`pattern may backtrack without bound: ${pattern}`);
  return new RegExp(out, caseless ? 'im' : 'm');
}

/** A repeated group that itself ends in a repetition, such as `(a*)*`. */
const NESTED_REPETITION = /\((?:[^()\\]|\\.)*[*+](?:[^()\\]|\\.)*\)[*+]/;
