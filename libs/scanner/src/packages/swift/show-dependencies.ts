/**
 * `swift_package_show_dependencies`: the dependency graph of `swift package show-dependencies
 * --format json` as DepLock saves it (`swift-show-dependencies.deplock`), read as ScanCode's
 * SwiftShowDependenciesDepLockHandler does: the root's name makes the package; every node of the
 * tree, breadth first, is a pinned dependency (direct at the first level) whose locked package
 * lists the node's children as its own pinned dependencies. Namespace and name come from the
 * node's repository URL. The locked packages are kept as ScanCode serializes them there, without
 * a `purl` field.
 */
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { isObject, loadJsonObject, namespaceAndName, str, swiftPurl, withSwiftPurl, type Json } from './common';

export const SHOW_DEPENDENCIES_DATASOURCE = 'swift_package_show_dependencies';

const children = (node: Json): Json[] => (Array.isArray(node['dependencies']) ? node['dependencies'].filter(isObject) : []);

function nodePurl(node: Json): { namespace: string | null; name: string; version: string | null; purl: string | null } | null {
  const url = str(node['url']);
  const parts = url ? namespaceAndName(url) : null;
  if (!parts) return null;
  const version = str(node['version']);
  return { ...parts, version, purl: swiftPurl(parts.namespace, parts.name, version) };
}

function nodeDependency(node: Json, isDirect: boolean): DependencyInput | null {
  const id = nodePurl(node);
  if (!id) return null;
  const own: DependencyInput[] = [];
  for (const child of children(node)) {
    const c = nodePurl(child);
    if (c) own.push({ purl: c.purl, extracted_requirement: c.version, scope: 'dependencies', is_runtime: false, is_optional: false, is_pinned: true, is_direct: true });
  }
  const { purl: _purl, ...locked } = packageData(SHOW_DEPENDENCIES_DATASOURCE, {
    type: 'swift', primary_language: 'Swift', namespace: id.namespace, name: id.name, version: id.version, dependencies: own, is_virtual: true,
  });
  return { purl: id.purl, extracted_requirement: id.version, scope: 'dependencies', is_runtime: false, is_optional: false, is_pinned: true, is_direct: isDirect, resolved_package: locked as PackageData };
}

export function parseShowDependencies(content: Buffer): PackageData[] {
  const root = loadJsonObject(content, 'swift-show-dependencies.deplock');
  const dependencies: DependencyInput[] = [];
  const queue: { node: Json; direct: boolean }[] = children(root).map((node) => ({ node, direct: true }));
  while (queue.length > 0) {
    const { node, direct } = queue.shift()!;
    const dep = nodeDependency(node, direct);
    if (dep) dependencies.push(dep);
    queue.push(...children(node).map((child) => ({ node: child, direct: false })));
  }
  return [withSwiftPurl(packageData(SHOW_DEPENDENCIES_DATASOURCE, { type: 'swift', primary_language: 'Swift', name: str(root['name']), dependencies }))];
}
