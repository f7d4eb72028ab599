/**
 * SBOM round trip: what the writers export (CycloneDX and SPDX) and the importer reads back give
 * the same package set and the same package-to-package dependency edges.
 */
import type { DependencyRecord, PackageRecord } from '@sca/contracts';
import { reportInputFromArrays, writeCycloneDx, writeSpdx } from '@sca/formats';
import { parseSbom } from './parse-sbom';

function pkg(name: string, version: string, license: string): PackageRecord {
  const purl = `pkg:npm/${name}@${version}`;
  return {
    purl, type: 'npm', namespace: '', name, version, qualifiers: '', subpath: '', tag: '', primary_language: 'JavaScript', description: '',
    notes: '', release_date: null, parties: [], keywords: [], homepage_url: '', download_url: '', bug_tracking_url: '', code_view_url: '',
    vcs_url: '', repository_homepage_url: '', repository_download_url: '', api_data_url: '', size: null, md5: '', sha1: '', sha256: '',
    sha512: '', copyright: '', holder: '', declared_license_expression: license.toLowerCase(), declared_license_expression_spdx: license,
    license_detections: [], other_license_expression: '', other_license_expression_spdx: '', other_license_detections: [],
    extracted_license_statement: license, compliance_alert: '', notice_text: '', source_packages: [], extra_data: {},
    package_uid: `${purl}?uuid=00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`, is_private: false, is_virtual: false,
    datasource_ids: ['npm_package_json'], datafile_paths: [`${name}/package.json`], file_references: [], missing_resources: [],
    modified_resources: [], affected_by_vulnerabilities: [],
  };
}

function dep(from: PackageRecord, to: PackageRecord | null, purl: string): DependencyRecord {
  return {
    purl, extracted_requirement: '^1.0.0', scope: 'dependencies', is_runtime: true, is_optional: false, is_pinned: false, is_direct: true,
    dependency_uid: `${purl}?uuid=11111111-0000-4000-8000-${String(purl.length).padStart(12, '0')}`, for_package_uid: from.package_uid,
    resolved_to_package_uid: to?.package_uid ?? null, datafile_path: from.datafile_paths[0], datasource_id: 'npm_package_lock_json',
    package_type: 'npm', affected_by_vulnerabilities: [],
  };
}

const app = pkg('webapp', '1.0.0', 'Apache-2.0');
const express = pkg('express', '4.18.2', 'MIT');
const bodyParser = pkg('body-parser', '1.20.1', 'MIT');
const PACKAGES = [app, express, bodyParser];
const DEPENDENCIES = [dep(app, express, 'pkg:npm/express@4.18.2'), dep(express, bodyParser, 'pkg:npm/body-parser@1.20.1'), dep(app, null, 'pkg:npm/left-pad')];
const project = { uuid: '92fe63d9-1d53-4b63-b19a-85022fb7a3f3', name: 'round-trip', created_date: '2026-01-16T12:40:25.319Z', notes: '', settings: {}, extra_data: {}, input_sources: [] };
const makeSbomInput = () => reportInputFromArrays(project, { packages: PACKAGES, dependencies: DEPENDENCIES });

const purlOf = new Map(PACKAGES.map((p) => [p.package_uid, p.purl]));
const expectedPurls = PACKAGES.map((p) => p.purl).sort();
const expectedEdges = DEPENDENCIES.filter((d) => d.for_package_uid && d.resolved_to_package_uid)
  .map((d) => `${purlOf.get(d.for_package_uid!)} -> ${purlOf.get(d.resolved_to_package_uid!)}`)
  .sort();

function edges(result: ReturnType<typeof parseSbom>): string[] {
  const byUid = new Map(result.packages.map((p) => [p.package_uid, p.purl]));
  return result.dependencies
    .filter((d) => byUid.get(d.from) && byUid.get(d.to))
    .map((d) => `${byUid.get(d.from)} -> ${byUid.get(d.to)}`)
    .sort();
}

describe('SBOM round trip', () => {
  it.each(['1.4', '1.5', '1.6'] as const)('CycloneDX %s JSON gives back the packages and edges', async (specVersion) => {
    const doc = await writeCycloneDx(makeSbomInput(), { specVersion });
    const back = parseSbom('results.cdx.json', Buffer.from(doc));
    expect(back.errors).toEqual([]);
    expect(back.packages.map((p) => p.purl).sort()).toEqual(expectedPurls);
    expect(edges(back)).toEqual(expect.arrayContaining(expectedEdges));
  });

  it('CycloneDX XML gives back the packages and edges', async () => {
    const back = parseSbom('results.cdx.xml', Buffer.from(await writeCycloneDx(makeSbomInput(), { format: 'xml' })));
    expect(back.packages.map((p) => p.purl).sort()).toEqual(expectedPurls);
    expect(edges(back)).toEqual(expect.arrayContaining(expectedEdges));
  });

  // SPDX has no unresolved dependency: the writer makes each one a package of its own (as
  // ScanCode.io does), so it comes back as a package too.
  it.each(['2.3', '2.2'] as const)('SPDX %s gives back the packages (plus unresolved dependencies) and edges', async (version) => {
    const back = parseSbom('results.spdx.json', Buffer.from(await writeSpdx(makeSbomInput(), { version })));
    const unresolved = DEPENDENCIES.filter((d) => !d.resolved_to_package_uid).map((d) => d.purl);
    expect(back.packages.map((p) => p.purl).filter(Boolean).sort()).toEqual([...expectedPurls, ...unresolved].sort());
    expect(edges(back)).toEqual(expect.arrayContaining(expectedEdges));
  });
});
