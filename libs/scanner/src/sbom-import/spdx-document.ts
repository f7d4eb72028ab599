/**
 * SPDX 2.2/2.3 documents (JSON shape, whichever syntax they were read from) to the import result.
 * ScanCode.io validates against the bundled JSON schema; here the checks that make a document
 * unusable (not an object, not SPDX 2.x, no SPDXID, no creationInfo, `packages` not a list) throw,
 * and problems of single packages or relationships become `errors` entries.
 */
import { asArray, isObject, pickHeaders, str, type JsonObject } from './values';
import { spdxPackageToPackage, spdxRelationshipsToDependencies } from './spdx-package';
import { SbomParseError, type SbomFormat, type SbomImportResult, type SbomPackage } from './types';

/** The header fields ScanCode.io keeps (`get_manifest_headers`). */
export const SPDX_HEADER_FIELDS = ['spdxVersion', 'dataLicense', 'SPDXID', 'name', 'documentNamespace', 'creationInfo', 'comment'] as const;

const SUPPORTED_VERSION = /^SPDX-2\.[0-3](\.\d+)?$/;

export function importSpdxDocument(fileName: string, doc: unknown, format: SbomFormat): SbomImportResult {
  validateSpdxDocument(fileName, doc);
  const errors: string[] = [];
  const packages: SbomPackage[] = [];
  asArray(doc.packages).forEach((entry, index) => {
    if (!isObject(entry)) {
      errors.push(`Package #${index + 1} skipped: not an object.`);
      return;
    }
    try {
      packages.push(spdxPackageToPackage(entry, errors));
    } catch (e) {
      const label = str(entry.SPDXID) ?? str(entry.name) ?? `#${index + 1}`;
      errors.push(`Package ${label} skipped: ${(e as Error).message}.`);
    }
  });
  return {
    format,
    headers: pickHeaders(doc, SPDX_HEADER_FIELDS),
    packages,
    dependencies: spdxRelationshipsToDependencies(doc.relationships, errors),
    errors,
  };
}

function validateSpdxDocument(fileName: string, doc: unknown): asserts doc is JsonObject {
  if (!isObject(doc)) throw new SbomParseError(fileName, 'the document is not an object');
  const version = str(doc.spdxVersion);
  if (!version) throw new SbomParseError(fileName, "'spdxVersion' is a required property");
  if (!SUPPORTED_VERSION.test(version)) {
    throw new SbomParseError(fileName, `unsupported spdxVersion "${version}" (SPDX 2.2 and 2.3 are supported)`);
  }
  if (!str(doc.SPDXID)) throw new SbomParseError(fileName, "'SPDXID' is a required property");
  if (!isObject(doc.creationInfo)) throw new SbomParseError(fileName, "'creationInfo' is a required property");
  if (doc.packages !== undefined && !Array.isArray(doc.packages)) {
    throw new SbomParseError(fileName, "'packages' is not a list");
  }
  if (doc.relationships !== undefined && !Array.isArray(doc.relationships)) {
    throw new SbomParseError(fileName, "'relationships' is not a list");
  }
}
