/**
 * SPDX 2.x package and relationship mapping (ScanCode.io `resolve.spdx_package_to_package_data`
 * and `spdx_relationship_to_dependency_data`). The input is the JSON shape of the document; the
 * YAML and tag-value readers produce that same shape.
 */
import { packageData, parsePurl, type Party } from '../packages/package-data';
import { spdxToScancode } from '../license';
import { objects, spdxValue, str, type JsonObject } from './values';
import { spdxActorParty } from './parties';
import type { SbomDependency, SbomPackage } from './types';

export const SPDX_DATASOURCE_ID = 'spdx_document';

const HASH_FIELDS = new Set(['md5', 'sha1', 'sha256', 'sha512']);

/** Relationship types where `spdxElementId` depends on `relatedSpdxElement`; all others flip. */
const FORWARD_TYPES = new Set(['ANCESTOR_OF', 'CONTAINS', 'DEPENDS_ON']);

/** Maps one SPDX package; throws (caught per package by the caller) when it lacks an SPDXID. */
export function spdxPackageToPackage(pkg: JsonObject, errors: string[]): SbomPackage {
  const uid = str(pkg.SPDXID);
  if (!uid) throw new Error('package without SPDXID');
  const purl = purlParts(pkg, uid, errors);

  const checksums: Record<string, string> = {};
  const otherChecksums: Record<string, string> = {};
  for (const c of objects(pkg.checksums)) {
    const alg = str(c.algorithm)?.toLowerCase().replace(/^sha-/, 'sha');
    const value = str(c.checksumValue);
    if (!alg || !value) continue;
    if (HASH_FIELDS.has(alg)) checksums[alg] = value;
    else otherChecksums[alg] = value;
  }

  // licenseConcluded unless NOASSERTION/NONE, else licenseDeclared (ScanCode.io reference §1.8).
  const declaredSpdx = spdxValue(pkg.licenseConcluded) ?? spdxValue(pkg.licenseDeclared);
  const parties: Party[] = [];
  for (const [field, role] of [['supplier', 'supplier'], ['originator', 'originator']] as const) {
    const party = spdxActorParty(pkg[field], role);
    if (party) parties.push(party);
  }

  const data = packageData(SPDX_DATASOURCE_ID, {
    ...purl,
    name: purl?.name ?? str(pkg.name),
    version: purl?.version ?? str(pkg.versionInfo),
    description: str(pkg.description) ?? str(pkg.summary),
    release_date: str(pkg.releaseDate),
    parties,
    homepage_url: spdxValue(pkg.homepage),
    download_url: spdxValue(pkg.downloadLocation),
    ...checksums,
    copyright: spdxValue(pkg.copyrightText),
    declared_license_expression: declaredSpdx ? spdxToScancode(declaredSpdx) || null : null,
    declared_license_expression_spdx: declaredSpdx,
    extracted_license_statement: notNoAssertion(pkg.licenseDeclared),
    extra_data: Object.keys(otherChecksums).length ? { checksums: otherChecksums } : {},
  });
  return Object.assign(data, {
    package_uid: uid,
    filename: str(pkg.packageFileName),
    affected_by_vulnerabilities: [],
  });
}

/** The purl of the last `purl` external reference (ScanCode.io keeps the last one). */
function purlParts(pkg: JsonObject, uid: string, errors: string[]): ReturnType<typeof parsePurl> {
  let parts: ReturnType<typeof parsePurl> = null;
  for (const ref of objects(pkg.externalRefs)) {
    if (str(ref.referenceType)?.toLowerCase() !== 'purl') continue;
    const locator = str(ref.referenceLocator);
    const parsed = locator ? parsePurl(locator) : null;
    if (parsed) parts = parsed;
    else errors.push(`Package ${uid}: invalid purl "${locator ?? ''}".`);
  }
  return parts;
}

function notNoAssertion(v: unknown): string | null {
  const s = str(v);
  return s && s.toUpperCase() !== 'NOASSERTION' ? s : null;
}

/**
 * SPDX relationships as dependency edges. DESCRIBES and relationships with a NOASSERTION (or
 * NONE) side are skipped; DEPENDS_ON, CONTAINS and ANCESTOR_OF keep their direction, every other
 * type (DEPENDENCY_OF, CONTAINED_BY, DESCENDANT_OF, ...) is flipped so that `from` depends on `to`.
 */
export function spdxRelationshipsToDependencies(relationships: unknown, errors: string[]): SbomDependency[] {
  const edges: SbomDependency[] = [];
  for (const rel of objects(relationships)) {
    const element = str(rel.spdxElementId);
    const related = str(rel.relatedSpdxElement);
    const type = str(rel.relationshipType)?.toUpperCase();
    if (!element || !related || !type) {
      errors.push(`Relationship skipped: missing spdxElementId, relatedSpdxElement or relationshipType.`);
      continue;
    }
    if (type === 'DESCRIBES' || !spdxValue(element) || !spdxValue(related)) continue;
    const forward = FORWARD_TYPES.has(type);
    edges.push({
      from: forward ? element : related,
      to: forward ? related : element,
      is_runtime: true,
      is_pinned: false,
      is_direct: true,
      is_resolved: true,
      relationship: type,
      source: 'spdx-relationship',
    });
  }
  return edges;
}
