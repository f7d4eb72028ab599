/** One CycloneDX component to package data (ScanCode.io `cyclonedx_component_to_package_data`). */
import { packageData, parsePurl } from '../packages/package-data';
import { componentParties, externalReferences, hashFields, licenseFields, propertyFields } from './cyclonedx-fields';
import { objects, str, type JsonObject } from './values';
import type { SbomPackage, SbomVulnerability } from './types';

export const CYCLONEDX_DATASOURCE_ID = 'cyclonedx_document';

export interface ComponentContext {
  /** bom-ref → the bom-refs it depends on (from the BOM `dependencies`). */
  dependsOn: Map<string, string[]>;
  /** bom-ref → vulnerabilities whose `affects` target it. */
  vulnerabilities: Map<string, SbomVulnerability[]>;
  errors: string[];
}

export function cyclonedxComponentToPackage(c: JsonObject, ctx: ComponentContext): SbomPackage {
  const bomRef = str(c['bom-ref']);
  const label = bomRef ?? str(c.name) ?? '(unnamed)';
  if (!str(c.name)) throw new Error("'name' is a required property");

  const purlText = str(c.purl);
  const purl = purlText ? parsePurl(purlText) : null;
  if (purlText && !purl) ctx.errors.push(`Component ${label}: invalid purl "${purlText}".`);

  const extra: JsonObject = {};
  const dependsOn = bomRef ? ctx.dependsOn.get(bomRef) : undefined;
  if (dependsOn?.length) extra.depends_on = dependsOn;
  const refs = externalReferences(c.externalReferences);
  if (Object.keys(refs).length) extra.externalReferences = refs;
  const nested = nestedBomRefs(c);
  if (nested.length) extra.nestedComponents = nested;
  const hashes = hashFields(c.hashes);
  if (hashes.other.length) extra.hashes = hashes.other;
  const props = propertyFields(c.properties);
  if (props.all.length) extra.properties = props.all;

  const { filename, ...propFields } = props.fields;
  const data = packageData(CYCLONEDX_DATASOURCE_ID, {
    name: str(c.name),
    version: str(c.version),
    description: str(c.description),
    parties: componentParties(c),
    // The reference URLs fill the URL fields that no aboutcode property set.
    homepage_url: refs.website?.[0] ?? null,
    download_url: refs.distribution?.[0] ?? null,
    bug_tracking_url: refs['issue-tracker']?.[0] ?? null,
    vcs_url: refs.vcs?.[0] ?? null,
    copyright: str(c.copyright),
    ...licenseFields(c.licenses),
    // ScanCode.io order: purl parts, then hashes, then aboutcode properties win.
    ...(purl ?? {}),
    ...hashes.fields,
    ...propFields,
    extra_data: extra,
  });
  return Object.assign(data, {
    package_uid: bomRef,
    filename: filename ?? null,
    affected_by_vulnerabilities: bomRef ? (ctx.vulnerabilities.get(bomRef) ?? []) : [],
  });
}

/** The sorted bom-refs of all components nested under `c` (not `c` itself). */
function nestedBomRefs(c: JsonObject): string[] {
  const refs: string[] = [];
  const walk = (parent: JsonObject): void => {
    for (const child of objects(parent.components)) {
      const ref = str(child['bom-ref']);
      if (ref) refs.push(ref);
      walk(child);
    }
  };
  walk(c);
  return refs.sort();
}
