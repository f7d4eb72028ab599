/**
 * SPDX 2.3 / 2.2 JSON document of a project, as ScanCode.io's `output.to_spdx()` builds it
 * (files are not included).
 */
import type { ReportInput } from '../report/report-input';
import { SBOM_TOOL_NAME, SCAN_NOTICE } from '../cyclonedx/scan-notice';
import { spdxIds } from './spdx-ids';
import { extractedLicensingInfos, licenseRefs, type LicenseRefResolver } from './spdx-licenses';
import { dependencyToSpdx, packageToSpdx, rootPackage, type SpdxPackage } from './spdx-package';

export const SPDX_VERSIONS = ['2.3', '2.2'] as const;
export type SpdxVersion = (typeof SPDX_VERSIONS)[number];
/** The SPDX license list version ScanCode.io declares. */
export const SPDX_LICENSE_LIST_VERSION = '3.27';

export interface SpdxOptions {
  /** Default `2.3`. */
  version?: SpdxVersion;
  /** `creationInfo.created`; default now. */
  created?: Date;
  /** Default ScanCode.io's notice. */
  notice?: string;
  /** Texts and names for the `LicenseRef-*` keys. */
  resolveLicenseRef?: LicenseRefResolver;
}

export class SpdxOptionsError extends Error {}

interface Relationship {
  spdxElementId: string;
  relatedSpdxElement: string;
  relationshipType: 'DEPENDS_ON' | 'DEPENDENCY_OF';
}

/** ScanCode.io's `safe_document_name`. */
export function safeDocumentName(name: string): string {
  return name.replace(/[^A-Za-z0-9.]+/g, '_').toLowerCase();
}

function checkVersion(version: string): SpdxVersion {
  if (!(SPDX_VERSIONS as readonly string[]).includes(version)) {
    throw new SpdxOptionsError(`Unsupported SPDX version "${version}"; expected one of ${SPDX_VERSIONS.join(', ')}.`);
  }
  return version as SpdxVersion;
}

export async function writeSpdx(input: ReportInput, opts: SpdxOptions = {}): Promise<string> {
  const version = checkVersion(opts.version ?? '2.3');
  const { project } = input;
  const documentId = spdxIds.document(project.uuid);
  const root = rootPackage(project);
  const rootId = String(root['SPDXID']);

  const packages: SpdxPackage[] = [root];
  const relationships: Relationship[] = [];
  const refs: string[] = [];
  const idsByUid = new Map<string, string>();

  for await (const pkg of input.packages()) {
    // releaseDate is an SPDX 2.3 field.
    const entry = packageToSpdx(pkg, { releaseDate: version === '2.3' });
    const id = String(entry['SPDXID']);
    packages.push(entry);
    if (pkg.package_uid) idsByUid.set(pkg.package_uid, id);
    relationships.push({ spdxElementId: rootId, relatedSpdxElement: id, relationshipType: 'DEPENDS_ON' });
    refs.push(...licenseRefs(pkg.declared_license_expression_spdx));
  }

  for await (const dependency of input.dependencies()) {
    let elementId = idsByUid.get(dependency.resolved_to_package_uid ?? '');
    if (!elementId) {
      const entry = dependencyToSpdx(dependency);
      packages.push(entry);
      elementId = String(entry['SPDXID']);
    }
    const parentId = idsByUid.get(dependency.for_package_uid ?? '') ?? documentId;
    relationships.push({ spdxElementId: elementId, relatedSpdxElement: parentId, relationshipType: 'DEPENDENCY_OF' });
  }

  const document: Record<string, unknown> = {
    spdxVersion: `SPDX-${version}`,
    dataLicense: 'CC0-1.0',
    SPDXID: documentId,
    name: safeDocumentName(`scancodeio_${project.name}`),
    documentNamespace: `https://scancode.io/spdxdocs/${project.uuid}`,
    documentDescribes: [rootId],
    creationInfo: {
      created: `${(opts.created ?? new Date()).toISOString().slice(0, 19)}Z`,
      creators: [`Tool: ${SBOM_TOOL_NAME}-${input.toolVersion}`],
      licenseListVersion: SPDX_LICENSE_LIST_VERSION,
    },
    packages,
    files: [],
  };
  const extracted = extractedLicensingInfos(refs, opts.resolveLicenseRef);
  if (extracted.length) document['hasExtractedLicensingInfos'] = extracted;
  if (relationships.length) document['relationships'] = relationships;
  document['comment'] = opts.notice ?? SCAN_NOTICE;
  return JSON.stringify(document, null, 2);
}
