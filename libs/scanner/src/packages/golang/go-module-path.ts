/** ScanCode's split of a Go module path: namespace is everything before the last `/`. */
import { purlOf } from '../package-data';

export function splitModulePath(path: string): { namespace: string | null; name: string } {
  const i = path.lastIndexOf('/');
  return i < 0 ? { namespace: null, name: path } : { namespace: path.slice(0, i) || null, name: path.slice(i + 1) };
}

export function goPurl(path: string, version: string | null): string | null {
  const { namespace, name } = splitModulePath(path);
  return purlOf({ type: 'golang', namespace, name, version, qualifiers: {}, subpath: null });
}
