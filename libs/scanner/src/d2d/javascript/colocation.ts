import { posixPartCount } from './source-map';

/**
 * The neighbourhood rules of map_javascript_colocation (ScanCode.io's
 * _map_javascript_colocation_resource), for a deployed key file inside an extracted archive.
 */

/**
 * The archive a deployed file was extracted from, as the prefix its neighbours' to/ paths
 * must start with: the path before its last `-extract/` (`to/app.war-extract/js/a.js.map` ->
 * `to/app.war`); null when the file is not inside an extracted archive. The prefix is a plain
 * string: ScanCode.io's query also takes `to/app.war2-extract/…` as a neighbour.
 */
export function colocationArchivePrefix(toPath: string): string | null {
  const at = toPath.lastIndexOf('-extract/');
  return at < 0 ? null : toPath.slice(0, at);
}

/**
 * The from/ subtree the neighbours' sources share: the common prefix of the from/ paths of the
 * `java_to_class` and `js_compiled` relations of the same archive. Like ScanCode.io
 * (commoncode's common_prefix, i.e. os.path.commonprefix) the prefix is taken character by
 * character, so it can end inside a name (`from/src/ma` for `from/src/main/…` and
 * `from/src/map/…`) and with one neighbour it is that file's whole path. Null when there is no
 * prefix or it has fewer than 2 path parts.
 */
export function colocationFromPrefix(neighbourFromPaths: readonly string[]): string | null {
  if (neighbourFromPaths.length === 0) return null;
  let prefix = neighbourFromPaths[0];
  for (const path of neighbourFromPaths) {
    let length = 0;
    const max = Math.min(prefix.length, path.length);
    while (length < max && prefix[length] === path[length]) length++;
    prefix = prefix.slice(0, length);
    if (!prefix) return null;
  }
  return posixPartCount(prefix) < 2 ? null : prefix;
}

/**
 * The first way a key file is colocated: the from/ file under the prefix whose path ends with
 * the map's first usable source, when exactly one does. Otherwise ScanCode.io falls back to
 * the js_path choice (selectJsPathSource) over an index of the from/ files under the prefix.
 */
export function colocatedBySource(firstSource: string, fromUnderPrefix: readonly { id: number; path: string }[]): number | null {
  const found = fromUnderPrefix.filter((f) => f.path.endsWith(firstSource));
  return found.length === 1 ? found[0].id : null;
}
