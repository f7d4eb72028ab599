/** Column lists of the bulk-written tables, in the migration's terms. */
export const RESOURCE_COLUMNS = [
  'project_uuid', 'path', 'parent_path', 'rootfs_path', 'name', 'extension', 'type', 'size', 'tag', 'status',
  'mime_type', 'file_type', 'programming_language', 'is_binary', 'is_text', 'is_archive', 'is_media',
  'is_legal', 'is_manifest', 'is_readme', 'is_top_level', 'is_key_file', 'md5', 'sha1', 'sha256', 'sha512',
  'sha1_git', 'detected_license_expression', 'detected_license_expression_spdx', 'license_detections',
  'license_clues', 'percentage_of_license_text', 'compliance_alert', 'copyrights', 'holders', 'authors',
  'emails', 'urls', 'package_data', 'extra_data', 'run_uuid',
] as const;

/** The jsonb columns of codebase_resources. */
export const RESOURCE_JSON_COLUMNS: ReadonlySet<string> = new Set([
  'license_detections', 'license_clues', 'copyrights', 'holders', 'authors', 'emails', 'urls', 'package_data', 'extra_data',
]);

export const PACKAGE_COLUMNS = [
  'uuid', 'project_uuid', 'purl', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath',
  'package_uid', 'filename', 'tag', 'primary_language', 'description', 'notes', 'release_date', 'parties',
  'keywords', 'homepage_url', 'download_url', 'bug_tracking_url', 'code_view_url', 'vcs_url',
  'repository_homepage_url', 'repository_download_url', 'api_data_url', 'size', 'md5', 'sha1', 'sha256',
  'sha512', 'copyright', 'holder', 'declared_license_expression', 'declared_license_expression_spdx',
  'license_detections', 'other_license_expression', 'other_license_expression_spdx',
  'other_license_detections', 'extracted_license_statement', 'compliance_alert', 'notice_text',
  'source_packages', 'extra_data', 'is_private', 'is_virtual', 'datasource_ids', 'datafile_paths',
  'file_references', 'missing_resources', 'modified_resources', 'affected_by_vulnerabilities', 'run_uuid',
] as const;

export const DEPENDENCY_COLUMNS = [
  'uuid', 'project_uuid', 'purl', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath',
  'dependency_uid', 'datafile_path', 'extracted_requirement', 'scope', 'datasource_id', 'is_runtime',
  'is_optional', 'is_pinned', 'is_direct', 'affected_by_vulnerabilities', 'run_uuid',
] as const;

export const LICENSE_COLUMNS = [
  'project_uuid', 'identifier', 'license_expression', 'license_expression_spdx', 'matches', 'detection_log',
  'from_package', 'is_license_clue', 'detection_count', 'file_regions', 'needs_review', 'review_comments',
  'compliance_alert', 'run_uuid',
] as const;

/** Tables whose rows carry the `run_uuid` of the run that inserted them, children first. */
export const RUN_RECORD_TABLES = ['project_messages', 'codebase_relations', 'discovered_dependencies', 'discovered_licenses', 'discovered_packages', 'codebase_resources'] as const;
