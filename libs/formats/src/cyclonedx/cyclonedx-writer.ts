/**
 * CycloneDX SBOM of a project, as ScanCode.io's `output.to_cyclonedx()` builds it: the project
 * as metadata component depending on every package, packages as components, package-to-package
 * dependencies from resolved DiscoveredDependencies, and VulnerableCode vulnerabilities.
 */
import { randomUUID } from 'node:crypto';
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { PackageRecord } from '@sca/contracts';
import type { ReportInput } from '../report/report-input';
import { authorParties, packageBomRef, packageToComponent } from './package-component';
import { productOf, TopLevelPackage, type Product } from './product';
import { SBOM_TOOL_NAME, SCAN_NOTICE } from './scan-notice';
import { packageVulnerabilities } from './vulnerabilities';

export const CYCLONEDX_SPEC_VERSIONS = ['1.4', '1.5', '1.6'] as const;
export type CycloneDxSpecVersion = (typeof CYCLONEDX_SPEC_VERSIONS)[number];
export type CycloneDxFormat = 'json' | 'xml';

export interface CycloneDxOptions {
  /** Default `1.6`. */
  specVersion?: CycloneDxSpecVersion;
  /** Default `json`. */
  format?: CycloneDxFormat;
  /** `metadata.timestamp`; default now. */
  timestamp?: Date;
  /** `serialNumber`; default a random `urn:uuid:`. */
  serialNumber?: string;
  /** Default ScanCode.io's notice. */
  notice?: string;
}

const SPECS = { '1.4': Spec.Spec1dot4, '1.5': Spec.Spec1dot5, '1.6': Spec.Spec1dot6 } as const;
type CycloneDxSpec = (typeof SPECS)[CycloneDxSpecVersion];

export class CycloneDxOptionsError extends Error {}

function specFor(version: string): CycloneDxSpec {
  const spec = Object.hasOwn(SPECS, version) ? SPECS[version as CycloneDxSpecVersion] : undefined;
  if (!spec) throw new CycloneDxOptionsError(`Unsupported CycloneDX spec version "${version}"; expected one of ${CYCLONEDX_SPEC_VERSIONS.join(', ')}.`);
  return spec;
}

/** Builds the BOM model; `authorsByRef` collects the 1.6 `authors` the library cannot model. */
async function buildBom(input: ReportInput, opts: CycloneDxOptions, authorsByRef: Map<string, Record<string, string>[]>): Promise<Models.Bom> {
  const root = new Models.Component(Enums.ComponentType.Library, input.project.name, { bomRef: input.project.uuid });
  const bom = new Models.Bom({ serialNumber: opts.serialNumber ?? `urn:uuid:${randomUUID()}` });
  bom.metadata = new Models.Metadata({
    component: root,
    timestamp: opts.timestamp ?? new Date(),
    tools: new Models.Tools({ tools: new Models.ToolRepository([new Models.Tool({ name: SBOM_TOOL_NAME, version: input.toolVersion })]) }),
    properties: new Models.PropertyRepository([new Models.Property('notice', opts.notice ?? SCAN_NOTICE)]),
  });

  const componentsByUid = new Map<string, Models.Component>();
  const vulnerabilityRefs = new Map<string, number>();
  const top = new TopLevelPackage();
  for await (const pkg of input.packages()) {
    top.offer(pkg);
    const component = packageToComponent(pkg);
    bom.components.add(component);
    root.dependencies.add(component.bomRef);
    if (pkg.package_uid) componentsByUid.set(pkg.package_uid, component);
    collectAuthors(pkg, authorsByRef);
    for (const vulnerability of packageVulnerabilities(pkg.affected_by_vulnerabilities, packageBomRef(pkg))) {
      // A stable bom-ref (the serializer would otherwise make a random one): the id, numbered when repeated.
      const id = vulnerability.id ?? 'vulnerability';
      const seen = vulnerabilityRefs.get(id) ?? 0;
      vulnerabilityRefs.set(id, seen + 1);
      vulnerability.bomRef.value = seen ? `${id}-${seen}` : id;
      bom.vulnerabilities.add(vulnerability);
    }
  }

  for await (const dependency of input.dependencies()) {
    const parent = componentsByUid.get(dependency.for_package_uid ?? '');
    const child = componentsByUid.get(dependency.resolved_to_package_uid ?? '');
    if (parent && child && parent !== child) parent.dependencies.add(child.bomRef);
  }
  describeProduct(bom, root, productOf(input.project.name, input.project.settings ?? {}, top.package));
  return bom;
}

/** The product's name and version on the root component, and its supplier, when known (see product.ts). */
function describeProduct(bom: Models.Bom, root: Models.Component, product: Product): void {
  root.name = product.name;
  if (product.version) root.version = product.version;
  if (!product.supplier) return;
  const { name, urls, contact } = product.supplier;
  bom.metadata.supplier = new Models.OrganizationalEntity({
    name,
    url: new Set(urls),
    contact: new Models.OrganizationalContactRepository(contact.map((c) => new Models.OrganizationalContact(c))),
  });
}

function collectAuthors(pkg: PackageRecord, authorsByRef: Map<string, Record<string, string>[]>): void {
  const authors = authorParties(pkg).map((party) => {
    const contact: Record<string, string> = {};
    if (party.name) contact['name'] = party.name;
    if (party.email) contact['email'] = party.email;
    return contact;
  });
  if (authors.length) authorsByRef.set(packageBomRef(pkg), authors);
}

type JsonObject = Record<string, unknown>;

/**
 * CycloneDX 1.6 has a component `authors` list that @cyclonedx/cyclonedx-library 10 does not
 * model (only the deprecated `author` string), so it is set on the normalized JSON here.
 */
function addAuthors(document: JsonObject, authorsByRef: Map<string, Record<string, string>[]>): void {
  const components = Array.isArray(document['components']) ? (document['components'] as JsonObject[]) : [];
  for (const component of components) {
    const authors = authorsByRef.get(String(component['bom-ref']));
    if (!authors) continue;
    component['authors'] = authors;
    delete component['author'];
  }
}

/**
 * Every `dependencies` entry with its `dependsOn` list, empty for a leaf: the library leaves an
 * empty list out, which the schema allows, but cdxgen's cdx-validate reads the list of every
 * entry and fails its reference checks without it (cdxgen itself writes the empty list).
 */
function listEmptyDependsOn(document: JsonObject): void {
  const dependencies = Array.isArray(document['dependencies']) ? (document['dependencies'] as JsonObject[]) : [];
  for (const entry of dependencies) entry['dependsOn'] ??= [];
}

export async function writeCycloneDx(input: ReportInput, opts: CycloneDxOptions = {}): Promise<string> {
  const spec = specFor(opts.specVersion ?? '1.6');
  const format = opts.format ?? 'json';
  if (format !== 'json' && format !== 'xml') throw new CycloneDxOptionsError(`Unsupported CycloneDX format "${String(format)}"; expected json or xml.`);

  const authorsByRef = new Map<string, Record<string, string>[]>();
  const bom = await buildBom(input, opts, authorsByRef);

  if (format === 'xml') {
    const serializer = new Serialize.XmlSerializer(new Serialize.XML.Normalize.Factory(spec));
    return serializer.serialize(bom, { space: 2 });
  }
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(spec));
  const document = JSON.parse(serializer.serialize(bom)) as JsonObject;
  if (spec.version === Spec.Version.v1dot6) addAuthors(document, authorsByRef);
  listEmptyDependsOn(document);
  return JSON.stringify(document, null, 2);
}
