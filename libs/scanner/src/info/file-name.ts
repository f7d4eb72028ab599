/**
 * Name splitting as ScanCode's commoncode does it, so `base_name` and `extension` match the
 * toolkit's JSON: dot-files have no extension, and `.tar.*` is one composed extension.
 */
export interface NameParts {
  base_name: string;
  extension: string;
}

export function splitName(name: string, isFile: boolean): NameParts {
  if (!isFile) return { base_name: name, extension: '' };
  const { stem, ext } = splitLastDot(name);
  if (stem.endsWith('.tar')) {
    const inner = splitLastDot(stem);
    return { base_name: inner.stem, extension: inner.ext + ext };
  }
  return { base_name: stem, extension: ext };
}

/** Python's posixpath.splitext: leading dots never start an extension. */
function splitLastDot(name: string): { stem: string; ext: string } {
  let lead = 0;
  while (lead < name.length && name[lead] === '.') lead++;
  const dot = name.lastIndexOf('.');
  if (dot < lead) return { stem: name, ext: '' };
  return { stem: name.slice(0, dot), ext: name.slice(dot) };
}
