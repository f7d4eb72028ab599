/** Small ReportInput records for the XLSX and attribution tests. */
import type { DependencyRecord, MessageRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';
import type { ReportProject } from '../report/report-input';

export function makeProject(overrides: Partial<ReportProject> = {}): ReportProject {
  return {
    uuid: '5f2a3f5e-0000-4000-8000-000000000001',
    name: 'demo',
    created_date: '2026-01-16T12:40:25.319Z',
    notes: '',
    settings: {},
    extra_data: {},
    input_sources: [],
    ...overrides,
  };
}

export function makeResource(overrides: Partial<ResourceRecord> = {}): ResourceRecord {
  return {
    path: 'root/file.c', type: 'file', name: 'file.c', status: '', for_packages: [], tag: '', extension: '.c',
    size: 0, mime_type: '', file_type: '', programming_language: '', detected_license_expression: '',
    detected_license_expression_spdx: '', license_detections: [], license_clues: [], percentage_of_license_text: null,
    compliance_alert: '', copyrights: [], holders: [], authors: [], package_data: [], emails: [], urls: [], md5: '', sha1: '',
    sha256: '', sha512: '', sha1_git: '', is_binary: false, is_text: false, is_archive: false, is_media: false,
    is_legal: false, is_manifest: false, is_readme: false, is_top_level: false, is_key_file: false, extra_data: {},
    ...overrides,
  };
}

export function makePackage(overrides: Partial<PackageRecord> = {}): PackageRecord {
  return {
    purl: 'pkg:npm/left-pad@1.3.0', type: 'npm', namespace: '', name: 'left-pad', version: '1.3.0', qualifiers: '', subpath: '',
    tag: '', primary_language: 'JavaScript', description: '', notes: '', release_date: null, parties: [], keywords: [],
    homepage_url: '', download_url: '', bug_tracking_url: '', code_view_url: '', vcs_url: '', repository_homepage_url: '',
    repository_download_url: '', api_data_url: '', size: null, md5: '', sha1: '', sha256: '', sha512: '', copyright: '',
    holder: '', declared_license_expression: '', declared_license_expression_spdx: '', license_detections: [],
    other_license_expression: '', other_license_expression_spdx: '', other_license_detections: [],
    extracted_license_statement: '', compliance_alert: '', notice_text: '', source_packages: [], extra_data: {},
    package_uid: 'pkg:npm/left-pad@1.3.0?uuid=0000', is_private: false, is_virtual: false, datasource_ids: [],
    datafile_paths: [], file_references: [], missing_resources: [], modified_resources: [], affected_by_vulnerabilities: [],
    ...overrides,
  };
}

export function makeDependency(overrides: Partial<DependencyRecord> = {}): DependencyRecord {
  return {
    purl: 'pkg:npm/lodash@4.17.21', extracted_requirement: '^4.17.0', scope: 'dependencies', is_runtime: true,
    is_optional: false, is_pinned: false, is_direct: true, dependency_uid: 'pkg:npm/lodash@4.17.21?uuid=1111',
    for_package_uid: null, resolved_to_package_uid: null, datafile_path: 'package.json', datasource_id: 'npm_package_json',
    package_type: 'npm', affected_by_vulnerabilities: [],
    ...overrides,
  };
}

export function makeRelation(overrides: Partial<RelationRecord> = {}): RelationRecord {
  return { to_resource: 'to/a.class', status: '', map_type: 'java_to_class', score: '', from_resource: 'from/a.java', ...overrides };
}

export function makeMessage(overrides: Partial<MessageRecord> = {}): MessageRecord {
  return {
    uuid: 'b6f0c2a4-0000-4000-8000-00000000000a', severity: 'error', description: 'Error', model: 'CodebaseResource',
    details: {}, traceback: [], created_date: '2026-01-16T12:40:25.319Z', ...overrides,
  };
}
