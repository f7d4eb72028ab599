/**
 * The minified file a `.map` belongs to (ScanCode.io's js.get_minified_resource): the same
 * path without `.map`, accepted only when that file names the map in a sourceMappingURL
 * comment near its end.
 */

/** `to/a/app.js.map` -> `to/a/app.js`; null when the name does not end with `.map`. */
export function minifiedSiblingPath(mapPath: string): string | null {
  const segments = posixSegments(mapPath);
  const name = segments.pop();
  if (!name?.endsWith('.map')) return null;
  segments.push(name.slice(0, -'.map'.length));
  return segments.join('/');
}

/** The file name of a path (PurePosixPath.name). */
export function posixName(path: string): string {
  return posixSegments(path).pop() ?? '';
}

/** A path's segments as PurePosixPath normalises them: no empty and no "." segments. */
function posixSegments(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && s !== '.');
}

/**
 * js.is_source_mapping_in_minified: whether `sourceMappingURL=<map file name>` occurs in the
 * last 5 of the lines ScanCode.io splits the file into. Those lines come from its file_content
 * (every line, the last one too, ended by "\n") split on "\n", so the last of the 5 is always
 * the empty string after the final newline: in effect the last 4 lines of the file are searched.
 */
export function isSourceMappingInMinified(minifiedText: string, mapFileName: string): boolean {
  const needle = `sourceMappingURL=${mapFileName}`;
  const lines = minifiedText.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] !== '') lines.push('');
  return lines.slice(-5).some((line) => line.includes(needle));
}
