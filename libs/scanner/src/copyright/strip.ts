/** Python's str.strip/lstrip/rstrip with a set of characters, which ScanCode's clean-ups use throughout. */
export function stripChars(s: string, chars: string, leading = true, trailing = true): string {
  let start = 0;
  let end = s.length;
  if (leading) while (start < end && chars.includes(s[start])) start++;
  if (trailing) while (end > start && chars.includes(s[end - 1])) end--;
  return s.slice(start, end);
}
