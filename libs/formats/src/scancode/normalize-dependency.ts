import { flag, objectList, text, textOrNull } from './coerce';
import { problem, type InventoryDependency, type InventoryItem, type PurlParts } from './inventory-item';
import { parsePurl } from './purl';

/**
 * Maps one top-level `dependencies` entry onto a dependency record plus the purl parts
 * ScanCode.io stores in their own columns. The toolkit's `resolved_package` and
 * `extra_data` have no place in the record and are dropped.
 *
 * A missing `dependency_uid` stays '': ScanCode.io mints one (purl + uuid) when it
 * creates the row, and minting belongs to the writer, not to a deterministic reader.
 */
export function normalizeDependency(raw: Record<string, unknown>, refPath: (path: string) => string, index: number): InventoryItem[] {
  const purl = text(raw.purl);
  const dependencyUid = text(raw.dependency_uid);
  let parts: PurlParts;
  try {
    if (!purl) throw new Error('missing purl');
    parts = parsePurl(purl);
  } catch (error) {
    const message = purl ? `Invalid Package URL "${purl}": ${(error as Error).message}` : 'Dependency without a Package URL';
    return [problem('error', message, { section: 'dependencies', index, package_url: purl, dependency_uid: dependencyUid })];
  }
  const datafilePath = textOrNull(raw.datafile_path);
  const record: InventoryDependency = {
    purl,
    extracted_requirement: text(raw.extracted_requirement),
    scope: text(raw.scope),
    is_runtime: flag(raw.is_runtime),
    is_optional: flag(raw.is_optional),
    is_pinned: flag(raw.is_pinned),
    is_direct: flag(raw.is_direct),
    dependency_uid: dependencyUid,
    for_package_uid: textOrNull(raw.for_package_uid),
    resolved_to_package_uid: textOrNull(raw.resolved_to_package_uid),
    datafile_path: datafilePath === null ? null : refPath(datafilePath),
    datasource_id: text(raw.datasource_id),
    // The serializer derives package_type from the purl type; toolkit output lacks it.
    package_type: text(raw.package_type) || parts.type,
    affected_by_vulnerabilities: objectList(raw.affected_by_vulnerabilities),
    ...parts,
  };
  return [{ kind: 'dependency', record }];
}
