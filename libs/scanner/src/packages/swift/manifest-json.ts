/**
 * `swift_package_manifest_json`: the JSON dump of a Package.swift (`swift package dump-package >
 * Package.swift.json`, or DepLock's Package.swift.deplock). As in ScanCode: the package name, the
 * platforms in extra_data, and one dependency per `sourceControl` dependency, named from its remote
 * URL; an `exact` requirement pins it, a `range` becomes `vers:swift/>=lower|<upper`.
 */
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { isObject, loadJsonObject, namespaceAndName, str, swiftPurl, withSwiftPurl, type Json } from './common';

export const MANIFEST_DATASOURCE = 'swift_package_manifest_json';

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);

/** `remote: [{urlString}]` (Swift 5.9+) or `remote: ["url"]` (earlier dumps). */
function remoteUrl(location: Json): string | null {
  const remote = first(location['remote']);
  return isObject(remote) ? str(remote['urlString']) : str(remote);
}

function requirementOf(requirement: Json): { version: string | null; pinned: boolean } {
  const exact = str(first(requirement['exact']));
  if (exact) return { version: exact, pinned: true };
  const range = first(requirement['range']);
  if (isObject(range)) return { version: `vers:swift/>=${str(range['lowerBound']) ?? ''}|<${str(range['upperBound']) ?? ''}`, pinned: false };
  return { version: null, pinned: false };
}

function sourceControlDependency(source: Json): DependencyInput | null {
  let namespace: string | null = null;
  let name = str(source['identity']);
  const url = isObject(source['location']) ? remoteUrl(source['location']) : null;
  if (url) {
    const parts = namespaceAndName(url);
    if (parts) ({ namespace, name } = parts);
  }
  if (!name) return null;
  const { version, pinned } = requirementOf(isObject(source['requirement']) ? source['requirement'] : {});
  return {
    purl: swiftPurl(namespace, name, pinned ? version : null),
    extracted_requirement: version, scope: 'dependencies', is_runtime: true, is_optional: false, is_pinned: pinned, is_direct: true,
  };
}

export function parseManifestJson(content: Buffer, what = 'Package.swift.json'): PackageData[] {
  const json = loadJsonObject(content, what);
  const dependencies: DependencyInput[] = [];
  for (const dep of Array.isArray(json['dependencies']) ? json['dependencies'].filter(isObject) : []) {
    // fileSystem and registry dependencies are skipped, as ScanCode does.
    const source = first(dep['sourceControl']);
    const parsed = isObject(source) ? sourceControlDependency(source) : null;
    if (parsed) dependencies.push(parsed);
  }
  return [withSwiftPurl(packageData(MANIFEST_DATASOURCE, {
    type: 'swift', name: str(json['name']), primary_language: 'Swift',
    extra_data: { platforms: Array.isArray(json['platforms']) ? json['platforms'] : [] },
    dependencies,
  }))];
}
