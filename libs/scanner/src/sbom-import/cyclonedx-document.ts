/**
 * CycloneDX BOMs (JSON shape, whichever syntax they were read from) to the import result
 * (ScanCode.io `resolve_cyclonedx_packages` and `create_dependencies_from_packages_extra_data`).
 * Components are flattened depth-first after metadata.component, which ScanCode.io's
 * `bom._get_all_components()` includes too; a metadata component without a purl describes the
 * document's subject (ScanCode.io would reject it for its missing type) and is left out. A
 * component that cannot be mapped becomes an `errors` entry and the rest is kept.
 */
import { cyclonedxComponentToPackage, type ComponentContext } from './cyclonedx-component';
import { asArray, isObject, objects, pickHeaders, str, type JsonObject } from './values';
import { SbomParseError, type SbomDependency, type SbomFormat, type SbomImportResult, type SbomPackage, type SbomVulnerability } from './types';

export const CYCLONEDX_HEADER_FIELDS = ['bomFormat', 'specVersion', 'serialNumber', 'version', 'metadata'] as const;

const SPEC_VERSION = /^1\.[0-7]$/;

export function importCyclonedxDocument(fileName: string, doc: unknown, format: SbomFormat): SbomImportResult {
  validateCyclonedxDocument(fileName, doc);
  const errors: string[] = [];
  const ctx: ComponentContext = { dependsOn: dependsOnMap(doc.dependencies), vulnerabilities: vulnerabilityMap(doc.vulnerabilities), errors };
  const packages: SbomPackage[] = [];
  flatten(withSubject(doc)).forEach(({ component, position }) => {
    if (!isObject(component)) {
      errors.push(`Component ${position} skipped: not an object.`);
      return;
    }
    try {
      packages.push(cyclonedxComponentToPackage(component, ctx));
    } catch (e) {
      errors.push(`Component ${str(component['bom-ref']) ?? position} skipped: ${(e as Error).message}.`);
    }
  });
  return {
    format,
    headers: pickHeaders(doc, CYCLONEDX_HEADER_FIELDS),
    packages,
    dependencies: dependencyEdges(packages, errors),
    errors,
  };
}

function validateCyclonedxDocument(fileName: string, doc: unknown): asserts doc is JsonObject {
  if (!isObject(doc)) throw new SbomParseError(fileName, 'the document is not an object');
  if (doc.bomFormat !== 'CycloneDX') throw new SbomParseError(fileName, "'bomFormat' must be \"CycloneDX\"");
  const version = str(doc.specVersion);
  if (!version) throw new SbomParseError(fileName, "'specVersion' is a required property");
  if (!SPEC_VERSION.test(version)) throw new SbomParseError(fileName, `unsupported specVersion "${version}"`);
  for (const key of ['components', 'dependencies', 'vulnerabilities']) {
    if (doc[key] !== undefined && !Array.isArray(doc[key])) throw new SbomParseError(fileName, `'${key}' is not a list`);
  }
}

/** The components, after metadata.component when it names a package (has a purl) not listed already. */
function withSubject(doc: JsonObject): unknown[] {
  const components = asArray(doc.components);
  const subject = isObject(doc.metadata) ? doc.metadata.component : undefined;
  if (!isObject(subject) || !str(subject.purl)) return components;
  const ref = str(subject['bom-ref']);
  const listed = ref !== null && components.some((c) => isObject(c) && str(c['bom-ref']) === ref);
  return listed ? components : [subject, ...components];
}

function flatten(components: unknown[], prefix = ''): { component: unknown; position: string }[] {
  const out: { component: unknown; position: string }[] = [];
  components.forEach((component, i) => {
    const position = `${prefix}#${i + 1}`;
    out.push({ component, position });
    if (isObject(component)) out.push(...flatten(asArray(component.components), `${position}/`));
  });
  return out;
}

function dependsOnMap(dependencies: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const entry of objects(dependencies)) {
    const ref = str(entry.ref);
    const targets = asArray(entry.dependsOn).map(str).filter((t): t is string => t !== null);
    if (ref && targets.length) map.set(ref, [...(map.get(ref) ?? []), ...targets]);
  }
  return map;
}

function vulnerabilityMap(vulnerabilities: unknown): Map<string, SbomVulnerability[]> {
  const map = new Map<string, SbomVulnerability[]>();
  for (const v of objects(vulnerabilities)) {
    const entry: SbomVulnerability = { vulnerability_id: str(v.id) ?? '', summary: str(v.description), cdx_vulnerability_data: v };
    for (const target of objects(v.affects)) {
      const ref = str(target.ref);
      if (ref) map.set(ref, [...(map.get(ref) ?? []), entry]);
    }
  }
  return map;
}

/**
 * Edges from each package's `extra_data.depends_on`; a target that is not a package of this BOM
 * gives ScanCode.io's error "Could not find resolved_to package entry: <ref>." and no edge.
 */
function dependencyEdges(packages: SbomPackage[], errors: string[]): SbomDependency[] {
  const uids = new Set(packages.map((p) => p.package_uid).filter((u): u is string => u !== null));
  const edges: SbomDependency[] = [];
  for (const pkg of packages) {
    const targets = pkg.extra_data.depends_on;
    if (!pkg.package_uid || !Array.isArray(targets)) continue;
    for (const to of targets as string[]) {
      if (!uids.has(to)) {
        errors.push(`Could not find resolved_to package entry: ${to}.`);
        continue;
      }
      edges.push({ from: pkg.package_uid, to, is_runtime: true, is_pinned: true, is_direct: true, is_resolved: true, relationship: 'DEPENDS_ON', source: 'cyclonedx-dependencies' });
    }
  }
  return edges;
}
