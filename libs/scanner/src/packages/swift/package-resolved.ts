/**
 * `swift_package_resolved`: Package.resolved written by `swift package resolve`. Version 1 keeps
 * the pins under `object.pins` (`package`, `repositoryURL`, `state`); versions 2 and 3 under
 * `pins` (`identity`, `kind`, `location`, `state`). As in ScanCode, namespace and name come from
 * the repository URL (remote pins) or the identity, and the version is `state.version`, else
 * `state.revision`. Unlike ScanCode (one PackageData per pin), a pin here is a pinned
 * dependency of one nameless PackageData, carrying the pin as its resolved_package.
 */
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { isObject, loadJsonObject, namespaceAndName, str, withSwiftPurl, type Json } from './common';

export const RESOLVED_DATASOURCE = 'swift_package_resolved';

interface Pin {
  identity: string | null;
  kind: string | null;
  url: string | null;
  state: Json;
}

function pinsOf(json: Json): Pin[] {
  const version = json['version'];
  if (version === 1) {
    const object = isObject(json['object']) ? json['object'] : {};
    const pins = Array.isArray(object['pins']) ? object['pins'].filter(isObject) : [];
    return pins.map((p) => ({ identity: str(p['package']), kind: 'remoteSourceControl', url: str(p['repositoryURL']), state: isObject(p['state']) ? p['state'] : {} }));
  }
  if (version === 2 || version === 3) {
    const pins = Array.isArray(json['pins']) ? json['pins'].filter(isObject) : [];
    return pins.map((p) => ({ identity: str(p['identity']), kind: str(p['kind']), url: str(p['location']), state: isObject(p['state']) ? p['state'] : {} }));
  }
  throw new Error(`invalid Package.resolved: unsupported version ${JSON.stringify(version ?? null)}`);
}

function pinPackage(pin: Pin): PackageData | null {
  let namespace: string | null = null;
  let name = pin.identity;
  if (pin.url && pin.kind === 'remoteSourceControl') {
    const parts = namespaceAndName(pin.url);
    if (parts) ({ namespace, name } = parts);
  }
  if (!name) return null;
  // ScanCode keeps nothing else of a pin (no vcs_url, no branch).
  const version = str(pin.state['version']) ?? str(pin.state['revision']);
  return withSwiftPurl(packageData(RESOLVED_DATASOURCE, { type: 'swift', namespace, name, version, primary_language: 'swift' }));
}

export function parsePackageResolved(content: Buffer): PackageData[] {
  const json = loadJsonObject(content, 'Package.resolved');
  const dependencies: DependencyInput[] = [];
  for (const pin of pinsOf(json)) {
    const resolved = pinPackage(pin);
    if (!resolved) continue;
    dependencies.push({
      purl: resolved.purl, extracted_requirement: resolved.version, scope: 'dependencies',
      is_runtime: true, is_optional: false, is_pinned: resolved.version !== null, is_direct: false, resolved_package: resolved,
    });
  }
  return [packageData(RESOLVED_DATASOURCE, { type: 'swift', primary_language: 'swift', dependencies })];
}
