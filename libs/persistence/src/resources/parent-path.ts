/** ScanCode.io's `parent_path`: the path up to the last slash, "" at the top level. */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}
