/**
 * A small, realistic project for the SBOM writer tests: a PyPI application (`webapp`) that
 * declares three dependencies, two resolved to discovered packages and one left unresolved.
 */
import type { DependencyRecord, PackageRecord } from '@sca/contracts';
import { reportInputFromArrays, type ReportInput, type ReportProject } from '../../report/report-input';

export const PROJECT_UUID = '92fe63d9-1d53-4b63-b19a-85022fb7a3f3';
export const INPUT_UUID = 'b74fe5df-e965-415e-ba65-f38421a0695d';
export const WEBAPP_UID = 'pkg:pypi/webapp@1.0.0?uuid=543a3583-3a13-4b5d-a039-c6bc4072de35';
export const ASGIREF_UID = 'pkg:pypi/asgiref@3.3.0?uuid=b2913908-3a31-4460-b330-a74d14b5ee24';
export const SQLPARSE_UID = 'pkg:pypi/sqlparse@0.4.4?uuid=0f1c1c2a-7d4e-4c55-9a0b-2a4a6b3e9d11';
export const UNRESOLVED_DEP_UID = 'pkg:pypi/pytest?uuid=c6282019-1112-43f8-a27a-658cc0c5dcf4';

export function makePackage(overrides: Partial<PackageRecord> & Pick<PackageRecord, 'name' | 'package_uid'>): PackageRecord {
  return {
    purl: `pkg:pypi/${overrides.name}${overrides.version ? `@${overrides.version}` : ''}`,
    type: 'pypi', namespace: '', version: '', qualifiers: '', subpath: '', tag: '',
    primary_language: 'Python', description: '', notes: '', release_date: null, parties: [], keywords: [],
    homepage_url: '', download_url: '', bug_tracking_url: '', code_view_url: '', vcs_url: '',
    repository_homepage_url: '', repository_download_url: '', api_data_url: '', size: null,
    md5: '', sha1: '', sha256: '', sha512: '', copyright: '', holder: '',
    declared_license_expression: '', declared_license_expression_spdx: '', license_detections: [],
    other_license_expression: '', other_license_expression_spdx: '', other_license_detections: [],
    extracted_license_statement: '', compliance_alert: '', notice_text: '', source_packages: [],
    extra_data: {}, is_private: false, is_virtual: false, datasource_ids: [], datafile_paths: [],
    file_references: [], missing_resources: [], modified_resources: [], affected_by_vulnerabilities: [],
    ...overrides,
  };
}

export const VULNERABILITY = {
  advisory_id: 'VCID-589h-ndhj-aaab',
  vulnerability_id: 'VCID-589h-ndhj-aaab',
  summary: 'asgiref bypasses validation',
  url: 'https://public.vulnerablecode.io/vulnerabilities/VCID-589h-ndhj-aaab',
  references: [
    {
      reference_url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-31047',
      reference_id: 'CVE-2023-31047',
      scores: [{ value: '9.8', scoring_system: 'cvssv3.1', scoring_elements: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    },
    {
      reference_url: 'https://github.com/advisories/GHSA-r3xc-prgr-mg9p',
      reference_id: 'GHSA-r3xc-prgr-mg9p',
      scores: [{ value: 'CRITICAL', scoring_system: 'generic_textual', scoring_elements: '' }],
    },
  ],
  weaknesses: [{ cwe_id: 20, name: 'Improper Input Validation' }],
};

export const PACKAGES: PackageRecord[] = [
  makePackage({
    name: 'asgiref', version: '3.3.0', purl: 'pkg:pypi/asgiref@3.3.0', package_uid: ASGIREF_UID,
    description: 'ASGI specs, helper code, and adapters', homepage_url: 'https://github.com/django/asgiref/',
    repository_homepage_url: 'https://pypi.org/project/asgiref', api_data_url: 'https://pypi.org/pypi/asgiref/3.3.0/json',
    download_url: 'https://files.pythonhosted.org/packages/asgiref-3.3.0.tar.gz',
    md5: '2f5d2b0e7f5b9e6f4a9e1b1b0d9c8a7f', sha1: '10c72b88de4c5f3095ebe20b4d8afbedb32b8f00',
    sha256: 'a5098bc870b80e7b872bff60bb363c7f2c2c89078759f6c47b53ff8c525a152e',
    declared_license_expression: 'bsd-new', declared_license_expression_spdx: 'BSD-3-Clause',
    other_license_expression: 'apache-2.0 AND unknown', other_license_expression_spdx: 'Apache-2.0 AND LicenseRef-scancode-unknown',
    copyright: 'Copyright (c) Django Software Foundation and individual contributors.',
    parties: [{ type: 'person', role: 'author', name: 'Django Software Foundation', email: 'foundation@djangoproject.com', url: null }],
    affected_by_vulnerabilities: [VULNERABILITY],
  }),
  makePackage({
    name: 'sqlparse', version: '0.4.4', purl: 'pkg:pypi/sqlparse@0.4.4', package_uid: SQLPARSE_UID,
    declared_license_expression: 'bsd-new AND proprietary-license',
    declared_license_expression_spdx: 'BSD-3-Clause AND LicenseRef-scancode-proprietary-license',
    sha1: 'a4c1d0b5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1', vcs_url: 'git+https://github.com/andialbrecht/sqlparse',
    parties: [
      { type: 'person', role: 'maintainer', name: 'Andi Albrecht', email: 'albrecht.andi@gmail.com', url: null },
      { type: 'organization', role: 'owner', name: 'Nobody', email: null, url: null },
    ],
    notice_text: 'sqlparse NOTICE',
  }),
  makePackage({
    name: 'webapp', version: '1.0.0', purl: 'pkg:pypi/webapp@1.0.0', package_uid: WEBAPP_UID,
    declared_license_expression: 'mit', declared_license_expression_spdx: 'MIT', release_date: '2024-03-07',
  }),
];

function makeDependency(overrides: Partial<DependencyRecord> & Pick<DependencyRecord, 'purl' | 'dependency_uid'>): DependencyRecord {
  return {
    extracted_requirement: '', scope: 'install', is_runtime: true, is_optional: false, is_pinned: false,
    is_direct: true, for_package_uid: WEBAPP_UID, resolved_to_package_uid: null,
    datafile_path: 'webapp-1.0.0/PKG-INFO', datasource_id: 'pypi_sdist_pkginfo', package_type: 'pypi',
    affected_by_vulnerabilities: [], ...overrides,
  };
}

export const DEPENDENCIES: DependencyRecord[] = [
  makeDependency({ purl: 'pkg:pypi/asgiref@3.3.0', dependency_uid: 'pkg:pypi/asgiref@3.3.0?uuid=19138025-32e9-4060-ab38-622b27493b6c', resolved_to_package_uid: ASGIREF_UID, is_pinned: true }),
  makeDependency({ purl: 'pkg:pypi/pytest', dependency_uid: UNRESOLVED_DEP_UID, scope: 'tests', is_runtime: false }),
  makeDependency({ purl: 'pkg:pypi/sqlparse@0.4.4', dependency_uid: 'pkg:pypi/sqlparse@0.4.4?uuid=52135390-385f-4fc0-8b0a-38f28c1040dd', resolved_to_package_uid: SQLPARSE_UID }),
];

export function makeProject(inputs = 1): ReportProject {
  const input_sources = Array.from({ length: inputs }, (_, index) => ({
    uuid: index === 0 ? INPUT_UUID : `00000000-0000-4000-8000-00000000000${index}`,
    filename: `webapp-1.0.${index}.tar.gz`,
    download_url: index === 0 ? 'https://example.org/webapp-1.0.0.tar.gz' : '',
    is_uploaded: index !== 0, tag: '', size: 1024, is_file: true, exists: true,
  }));
  return {
    uuid: PROJECT_UUID, name: 'Web App 1.0', created_date: '2024-03-07T17:05:37.329Z', notes: '',
    settings: {}, extra_data: {}, input_sources,
  };
}

export function makeSbomInput(inputs = 1): ReportInput {
  return reportInputFromArrays(makeProject(inputs), { packages: PACKAGES, dependencies: DEPENDENCIES }, '36.1.0');
}
