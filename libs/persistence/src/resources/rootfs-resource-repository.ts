import { RESOURCE_STATUS, type ResourceStatus } from '@sca/contracts';
import type { RecordScope } from '../records/record-scope';
import { affectedRows } from '../rows-of';

/** A resource's checksums, for comparing an installed file with what its package database recorded. */
export interface ResourceChecksums {
  path: string;
  size: number | null;
  md5: string;
  sha1: string;
  sha256: string;
  sha512: string;
}

/**
 * What the root filesystem and container image pipelines ask of resources beyond the common
 * steps: checksum lookups for system packages, the rootfs path rules of ScanCode.io's
 * uninteresting-file flags, and the license outcome statuses of scanned files.
 */
export class RootfsResourceRepository {
  constructor(private readonly scope: RecordScope) {}

  /** The checksums of the resources at `paths` (those that exist). */
  async checksumsAt(paths: string[]): Promise<ResourceChecksums[]> {
    if (paths.length === 0) return [];
    await this.scope.analyzeResourcesOnce();
    return this.scope.db.query(
      `SELECT path, size, md5, sha1, sha256, sha512 FROM codebase_resources
       WHERE project_uuid = $1 AND path = ANY($2::text[])`,
      [this.scope.projectUuid, paths],
    );
  }

  /** Resources without a status whose rootfs path starts with one of `prefixes` get `status`. */
  async setStatusUnderRootfsPaths(prefixes: readonly string[], status: ResourceStatus): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources r SET status = $3
       WHERE r.project_uuid = $1 AND r.status = $4 AND EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(r.rootfs_path, p))`,
      [this.scope.projectUuid, prefixes, status, RESOURCE_STATUS.none],
    ));
  }

  /** Resources without a status whose name starts with `prefix` get `status`. */
  async setStatusByNamePrefix(prefix: string, status: ResourceStatus): Promise<number> {
    return affectedRows(await this.scope.db.query(
      'UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND status = $4 AND starts_with(name, $2)',
      [this.scope.projectUuid, prefix, status, RESOURCE_STATUS.none],
    ));
  }

  /**
   * ScanCode.io's match_not_analyzed: files without a status that have the md5 and size of a
   * file with `status` (and a package) join the package of that file (the first by path) and
   * take its status. Empty files and files without an md5 never match. Returns how many.
   */
  async linkSameChecksumsToPackages(status: ResourceStatus): Promise<number> {
    const rows: { n: number }[] = await this.scope.db.query(
      `WITH known AS (
         SELECT DISTINCT ON (r.md5, r.size) r.md5, r.size, rp.package_id
         FROM codebase_resources r JOIN resource_packages rp ON rp.resource_id = r.id
         WHERE r.project_uuid = $1 AND r.status = $2 AND r.md5 <> '' AND r.size > 0
         ORDER BY r.md5, r.size, r.path, rp.package_id
       ), matched AS (
         SELECT r.id, k.package_id FROM codebase_resources r JOIN known k ON k.md5 = r.md5 AND k.size = r.size
         WHERE r.project_uuid = $1 AND r.status = $3 AND r.type = 'file'
       ), linked AS (
         INSERT INTO resource_packages (resource_id, package_id) SELECT id, package_id FROM matched ON CONFLICT DO NOTHING
       ), flagged AS (
         UPDATE codebase_resources SET status = $2 WHERE id IN (SELECT id FROM matched) RETURNING 1
       )
       SELECT count(*)::int AS n FROM flagged`,
      [this.scope.projectUuid, status, RESOURCE_STATUS.none],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * ScanCode.io's analyze_scanned_files: scanned files with neither license detections nor
   * clues become `no-licenses`; those whose detected expression names an unknown license
   * become `unknown-license`.
   */
  async flagScannedFilesLicenseOutcome(): Promise<{ noLicenses: number; unknownLicense: number }> {
    const project = this.scope.projectUuid;
    const noLicenses = affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND type = 'file' AND status = $2
       AND jsonb_array_length(license_detections) = 0 AND jsonb_array_length(license_clues) = 0`,
      [project, RESOURCE_STATUS.scanned, RESOURCE_STATUS.noLicenses],
    ));
    const unknownLicense = affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND type = 'file' AND status = $2
       AND detected_license_expression ILIKE '%unknown%'`,
      [project, RESOURCE_STATUS.scanned, RESOURCE_STATUS.unknownLicense],
    ));
    return { noLicenses, unknownLicense };
  }
}
