/**
 * Scan records as ScanCode.io serializes them (reference §4.5–4.10). Field order in these
 * interfaces is the wire order; serializers must emit keys in exactly this order.
 */

export interface TextClue {
  [key: string]: unknown;
  start_line: number;
  end_line: number;
}

export type LicenseDetection = Record<string, unknown>;
export type PackageData = Record<string, unknown>;
export type Party = { type: string | null; role: string | null; name: string | null; email: string | null; url: string | null };

export const RESOURCE_TYPES = ['file', 'directory', 'symlink'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const COMPLIANCE_ALERTS = ['', 'ok', 'warning', 'error', 'missing'] as const;
export type ComplianceAlert = (typeof COMPLIANCE_ALERTS)[number];

/** CodebaseResource, 38 serialized fields (§4.5). */
export interface ResourceRecord {
  path: string;
  type: ResourceType;
  name: string;
  status: string;
  for_packages: string[];
  tag: string;
  extension: string;
  size: number | null;
  mime_type: string;
  file_type: string;
  programming_language: string;
  detected_license_expression: string;
  detected_license_expression_spdx: string;
  license_detections: LicenseDetection[];
  license_clues: Record<string, unknown>[];
  percentage_of_license_text: number | null;
  compliance_alert: ComplianceAlert;
  copyrights: TextClue[];
  holders: TextClue[];
  authors: TextClue[];
  package_data: PackageData[];
  emails: TextClue[];
  urls: TextClue[];
  md5: string;
  sha1: string;
  sha256: string;
  sha512: string;
  sha1_git: string;
  is_binary: boolean;
  is_text: boolean;
  is_archive: boolean;
  is_media: boolean;
  is_legal: boolean;
  is_manifest: boolean;
  is_readme: boolean;
  is_top_level: boolean;
  is_key_file: boolean;
  extra_data: Record<string, unknown>;
}
export const RESOURCE_FIELDS: readonly (keyof ResourceRecord)[] = [
  'path', 'type', 'name', 'status', 'for_packages', 'tag', 'extension', 'size', 'mime_type',
  'file_type', 'programming_language', 'detected_license_expression',
  'detected_license_expression_spdx', 'license_detections', 'license_clues',
  'percentage_of_license_text', 'compliance_alert', 'copyrights', 'holders', 'authors',
  'package_data', 'emails', 'urls', 'md5', 'sha1', 'sha256', 'sha512', 'sha1_git', 'is_binary',
  'is_text', 'is_archive', 'is_media', 'is_legal', 'is_manifest', 'is_readme', 'is_top_level',
  'is_key_file', 'extra_data',
];

/** The package URL parts that packages and dependencies keep in their own columns. */
export interface PurlParts {
  type: string;
  namespace: string;
  name: string;
  version: string;
  qualifiers: string;
  subpath: string;
}

/** DiscoveredPackage, 49 serialized fields (§4.6); PACKAGE_FIELDS gives their wire order. */
export interface PackageRecord extends PurlParts {
  purl: string;
  tag: string;
  primary_language: string;
  description: string;
  notes: string;
  release_date: string | null;
  parties: Party[];
  keywords: string[];
  homepage_url: string;
  download_url: string;
  bug_tracking_url: string;
  code_view_url: string;
  vcs_url: string;
  repository_homepage_url: string;
  repository_download_url: string;
  api_data_url: string;
  size: number | null;
  md5: string;
  sha1: string;
  sha256: string;
  sha512: string;
  copyright: string;
  holder: string;
  declared_license_expression: string;
  declared_license_expression_spdx: string;
  license_detections: LicenseDetection[];
  other_license_expression: string;
  other_license_expression_spdx: string;
  other_license_detections: LicenseDetection[];
  extracted_license_statement: string;
  compliance_alert: ComplianceAlert;
  notice_text: string;
  source_packages: string[];
  extra_data: Record<string, unknown>;
  package_uid: string;
  is_private: boolean;
  is_virtual: boolean;
  datasource_ids: string[];
  datafile_paths: string[];
  file_references: Record<string, unknown>[];
  missing_resources: string[];
  modified_resources: string[];
  affected_by_vulnerabilities: Record<string, unknown>[];
}
export const PACKAGE_FIELDS: readonly (keyof PackageRecord)[] = [
  'purl', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath', 'tag',
  'primary_language', 'description', 'notes', 'release_date', 'parties', 'keywords',
  'homepage_url', 'download_url', 'bug_tracking_url', 'code_view_url', 'vcs_url',
  'repository_homepage_url', 'repository_download_url', 'api_data_url', 'size', 'md5', 'sha1',
  'sha256', 'sha512', 'copyright', 'holder', 'declared_license_expression',
  'declared_license_expression_spdx', 'license_detections', 'other_license_expression',
  'other_license_expression_spdx', 'other_license_detections', 'extracted_license_statement',
  'compliance_alert', 'notice_text', 'source_packages', 'extra_data', 'package_uid', 'is_private',
  'is_virtual', 'datasource_ids', 'datafile_paths', 'file_references', 'missing_resources',
  'modified_resources', 'affected_by_vulnerabilities',
];

/** DiscoveredDependency, 14 serialized fields (§4.7). */
export interface DependencyRecord {
  purl: string;
  extracted_requirement: string;
  scope: string;
  is_runtime: boolean;
  is_optional: boolean;
  is_pinned: boolean;
  is_direct: boolean;
  dependency_uid: string;
  for_package_uid: string | null;
  resolved_to_package_uid: string | null;
  datafile_path: string | null;
  datasource_id: string;
  package_type: string;
  affected_by_vulnerabilities: Record<string, unknown>[];
}
export const DEPENDENCY_FIELDS: readonly (keyof DependencyRecord)[] = [
  'purl', 'extracted_requirement', 'scope', 'is_runtime', 'is_optional', 'is_pinned', 'is_direct',
  'dependency_uid', 'for_package_uid', 'resolved_to_package_uid', 'datafile_path', 'datasource_id',
  'package_type', 'affected_by_vulnerabilities',
];

/** CodebaseRelation, 5 serialized fields (§4.8). */
export interface RelationRecord {
  to_resource: string;
  status: string;
  map_type: string;
  score: string;
  from_resource: string;
}
export const RELATION_FIELDS: readonly (keyof RelationRecord)[] = ['to_resource', 'status', 'map_type', 'score', 'from_resource'];

export const MESSAGE_SEVERITIES = ['info', 'warning', 'error'] as const;
export type MessageSeverity = (typeof MESSAGE_SEVERITIES)[number];

/** ProjectMessage, 7 serialized fields (§4.9). */
export interface MessageRecord {
  uuid: string;
  severity: MessageSeverity;
  description: string;
  model: string;
  details: Record<string, unknown>;
  traceback: string[];
  created_date: string;
}

/** DiscoveredLicense (§4.10 plus the model fields the loaders fill). */
export interface LicenseDetectionRecord {
  detection_count: number;
  identifier: string;
  license_expression: string;
  license_expression_spdx: string;
  compliance_alert: ComplianceAlert;
  matches: Record<string, unknown>[];
  detection_log: string[];
  from_package: boolean;
  is_license_clue: boolean;
  file_regions: { path: string; start_line: number; end_line: number }[];
  needs_review: boolean;
  review_comments: Record<string, unknown>[];
}
