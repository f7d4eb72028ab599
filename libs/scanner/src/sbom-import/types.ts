/**
 * Result types of the SBOM import parsers (the future `load_sbom` pipeline, ScanCode.io
 * `scanpipe/pipes/resolve.py`, `spdx.py` and `cyclonedx.py`).
 */
import type { PackageData } from '../packages/package-data';

export type SbomFormat = 'spdx-json' | 'spdx-tv' | 'spdx-yaml' | 'cyclonedx-json' | 'cyclonedx-xml';

/** One `affected_by_vulnerabilities` entry, as ScanCode.io builds it from a CycloneDX vulnerability. */
export interface SbomVulnerability {
  vulnerability_id: string;
  summary: string | null;
  /** The full CycloneDX vulnerability object (JSON shape, also for XML input). */
  cdx_vulnerability_data: Record<string, unknown>;
}

/**
 * A package read from an SBOM: a toolkit-ordered PackageData plus the DiscoveredPackage fields
 * that PackageData lacks. `dependencies` (DependentPackage[]) stays empty: the graph is returned
 * as a separate edge list (`SbomImportResult.dependencies`) keyed by `package_uid`, because SBOM
 * edges link two packages of the document rather than a package to an unresolved requirement.
 */
export type SbomPackage = PackageData & {
  /** SPDXID (SPDX) or bom-ref (CycloneDX); null when a CycloneDX component has no bom-ref. */
  package_uid: string | null;
  filename: string | null;
  affected_by_vulnerabilities: SbomVulnerability[];
};

/**
 * One dependency edge, in ScanCode.io's DiscoveredDependency direction: `from` is the
 * for_package_uid (the package that depends), `to` the resolved_to_package_uid.
 */
export interface SbomDependency {
  from: string;
  to: string;
  is_runtime: boolean;
  is_pinned: boolean;
  is_direct: boolean;
  is_resolved: boolean;
  /** SPDX relationshipType of the source relationship, or `DEPENDS_ON` for CycloneDX. */
  relationship: string;
  source: 'spdx-relationship' | 'cyclonedx-dependencies';
}

export interface SbomImportResult {
  format: SbomFormat;
  /** The document header fields ScanCode.io keeps in `project.extra_data.sboms_headers[filename]`. */
  headers: Record<string, unknown>;
  packages: SbomPackage[];
  dependencies: SbomDependency[];
  /** Per-entry problems (a bad component, a dangling dependency); the rest is kept. */
  errors: string[];
}

/** Thrown when the whole document cannot be read (not JSON/XML/YAML, wrong spec, missing sections). */
export class SbomParseError extends Error {
  constructor(
    readonly fileName: string,
    readonly problem: string,
  ) {
    super(`SBOM document "${fileName}" is not valid: ${problem}`);
    this.name = 'SbomParseError';
  }
}
