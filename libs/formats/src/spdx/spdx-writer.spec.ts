import { SCAN_NOTICE } from '../cyclonedx/scan-notice';
import { reportInputFromArrays } from '../report/report-input';
import { ASGIREF_UID, DEPENDENCIES, INPUT_UUID, PROJECT_UUID, UNRESOLVED_DEP_UID, makeSbomInput, makeProject } from '../cyclonedx/__fixtures__/sbom-project.testing';
import { spdxIds, uuidOfUid } from './spdx-ids';
import { SpdxOptionsError, writeSpdx, type SpdxVersion } from './spdx-writer';
import { validateSpdxJson } from '@sca/testing';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loose access to parsed test output

const CREATED = new Date('2000-01-01T01:02:03.456Z');
const PKG = {
  webapp: 'SPDXRef-scancodeio-discoveredpackage-543a3583-3a13-4b5d-a039-c6bc4072de35',
  asgiref: 'SPDXRef-scancodeio-discoveredpackage-b2913908-3a31-4460-b330-a74d14b5ee24',
  sqlparse: 'SPDXRef-scancodeio-discoveredpackage-0f1c1c2a-7d4e-4c55-9a0b-2a4a6b3e9d11',
  pytest: 'SPDXRef-scancodeio-discovereddependency-c6282019-1112-43f8-a27a-658cc0c5dcf4',
};

async function write(inputs = 1, version?: SpdxVersion): Promise<Json> {
  return JSON.parse(await writeSpdx(makeSbomInput(inputs), { created: CREATED, version })) as Json;
}

function pkg(document: Json, id: string): Json {
  return (document['packages'] as Json[]).find((item) => item['SPDXID'] === id) as Json;
}

describe('writeSpdx', () => {
  it('writes the document header', async () => {
    const document = await write();
    expect(Object.keys(document)).toEqual([
      'spdxVersion', 'dataLicense', 'SPDXID', 'name', 'documentNamespace', 'documentDescribes', 'creationInfo',
      'packages', 'files', 'hasExtractedLicensingInfos', 'relationships', 'comment',
    ]);
    expect(document).toMatchObject({
      spdxVersion: 'SPDX-2.3',
      dataLicense: 'CC0-1.0',
      SPDXID: `SPDXRef-DOCUMENT-${PROJECT_UUID}`,
      name: 'scancodeio_web_app_1.0',
      documentNamespace: `https://scancode.io/spdxdocs/${PROJECT_UUID}`,
      creationInfo: { created: '2000-01-01T01:02:03Z', creators: ['Tool: ScanCode.io-36.1.0'], licenseListVersion: '3.27' },
      files: [],
      comment: SCAN_NOTICE,
    });
  });

  it('describes the single input, or the project when there are zero or several inputs', async () => {
    const single = await write(1);
    expect(single['documentDescribes']).toEqual([`SPDXRef-scancodeio-input-${INPUT_UUID}`]);
    expect(single['packages'][0]).toEqual({
      name: 'webapp-1.0.0.tar.gz', SPDXID: `SPDXRef-scancodeio-input-${INPUT_UUID}`,
      downloadLocation: 'https://example.org/webapp-1.0.0.tar.gz', licenseDeclared: 'NOASSERTION', licenseConcluded: 'NOASSERTION',
      copyrightText: 'NOASSERTION', filesAnalyzed: true, packageFileName: 'webapp-1.0.0.tar.gz',
    });
    for (const inputs of [0, 2]) {
      const document = await write(inputs);
      expect(document['documentDescribes']).toEqual([`SPDXRef-scancodeio-project-${PROJECT_UUID}`]);
      expect(document['packages'][0]).toMatchObject({ name: 'Web App 1.0', SPDXID: `SPDXRef-scancodeio-project-${PROJECT_UUID}`, filesAnalyzed: true });
    }
  });

  it('maps packages with licenses, checksums, purl reference and a YAML comment', async () => {
    const document = await write();
    expect((document['packages'] as Json[]).map((item) => item['SPDXID'])).toEqual([
      `SPDXRef-scancodeio-input-${INPUT_UUID}`, PKG.asgiref, PKG.sqlparse, PKG.webapp, PKG.pytest,
    ]);
    expect(pkg(document, PKG.asgiref)).toEqual({
      name: 'asgiref', SPDXID: PKG.asgiref, downloadLocation: 'https://files.pythonhosted.org/packages/asgiref-3.3.0.tar.gz',
      licenseDeclared: 'BSD-3-Clause', licenseConcluded: 'BSD-3-Clause',
      copyrightText: 'Copyright (c) Django Software Foundation and individual contributors.', filesAnalyzed: false,
      versionInfo: '3.3.0', homepage: 'https://github.com/django/asgiref/', description: 'ASGI specs, helper code, and adapters',
      comment: 'primary_language: Python\napi_data_url: https://pypi.org/pypi/asgiref/3.3.0/json\nparties:\n  - url:\n    name: Django Software Foundation\n    role: author\n    type: person\n    email: foundation@djangoproject.com\n',
      checksums: [
        { algorithm: 'SHA1', checksumValue: '10c72b88de4c5f3095ebe20b4d8afbedb32b8f00' },
        { algorithm: 'MD5', checksumValue: '2f5d2b0e7f5b9e6f4a9e1b1b0d9c8a7f' },
      ],
      externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:pypi/asgiref@3.3.0' }],
    });
    expect(pkg(document, PKG.sqlparse)).toMatchObject({
      licenseDeclared: 'BSD-3-Clause AND LicenseRef-scancode-proprietary-license', copyrightText: 'NOASSERTION', attributionTexts: ['sqlparse NOTICE'],
    });
    expect(pkg(document, PKG.webapp)['releaseDate']).toBe('2024-03-07T00:00:00Z');
    expect(pkg(document, PKG.pytest)).toEqual({
      name: 'pytest', SPDXID: PKG.pytest, downloadLocation: 'NOASSERTION', licenseDeclared: 'NOASSERTION', licenseConcluded: 'NOASSERTION',
      copyrightText: 'NOASSERTION', filesAnalyzed: false,
      externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:pypi/pytest' }],
    });
  });

  it('relates the root to every package and each dependency to its parent package', async () => {
    const document = await write();
    const root = `SPDXRef-scancodeio-input-${INPUT_UUID}`;
    expect(document['relationships']).toEqual([
      { spdxElementId: root, relatedSpdxElement: PKG.asgiref, relationshipType: 'DEPENDS_ON' },
      { spdxElementId: root, relatedSpdxElement: PKG.sqlparse, relationshipType: 'DEPENDS_ON' },
      { spdxElementId: root, relatedSpdxElement: PKG.webapp, relationshipType: 'DEPENDS_ON' },
      { spdxElementId: PKG.asgiref, relatedSpdxElement: PKG.webapp, relationshipType: 'DEPENDENCY_OF' },
      { spdxElementId: PKG.pytest, relatedSpdxElement: PKG.webapp, relationshipType: 'DEPENDENCY_OF' },
      { spdxElementId: PKG.sqlparse, relatedSpdxElement: PKG.webapp, relationshipType: 'DEPENDENCY_OF' },
    ]);
  });

  it('relates a dependency without a parent package to the document', async () => {
    const orphan = { ...DEPENDENCIES[1]!, for_package_uid: null };
    const input = reportInputFromArrays(makeProject(), { dependencies: [orphan] });
    const document = JSON.parse(await writeSpdx(input)) as Json;
    expect(document['relationships']).toEqual([
      { spdxElementId: spdxIds.dependency(UNRESOLVED_DEP_UID), relatedSpdxElement: `SPDXRef-DOCUMENT-${PROJECT_UUID}`, relationshipType: 'DEPENDENCY_OF' },
    ]);
  });

  it('lists the LicenseRef keys in hasExtractedLicensingInfos, with resolver details when given', async () => {
    expect((await write())['hasExtractedLicensingInfos']).toEqual([{ licenseId: 'LicenseRef-scancode-proprietary-license', extractedText: ' ' }]);
    const json = await writeSpdx(makeSbomInput(), {
      resolveLicenseRef: (ref) => ({ name: 'Proprietary License', text: 'All rights reserved.', seeAlsos: [`https://scancode-licensedb.aboutcode.org/${ref}`] }),
    });
    expect((JSON.parse(json) as Json)['hasExtractedLicensingInfos']).toEqual([{
      licenseId: 'LicenseRef-scancode-proprietary-license', extractedText: 'All rights reserved.', name: 'Proprietary License',
      seeAlsos: ['https://scancode-licensedb.aboutcode.org/LicenseRef-scancode-proprietary-license'],
    }]);
  });

  it('writes SPDX 2.2 without 2.3-only package fields', async () => {
    const document = await write(1, '2.2');
    expect(document['spdxVersion']).toBe('SPDX-2.2');
    expect(pkg(document, PKG.webapp)).not.toHaveProperty('releaseDate');
  });

  it('rejects an unsupported version with a clear error', async () => {
    await expect(writeSpdx(makeSbomInput(), { version: '2.1' as SpdxVersion })).rejects.toThrow(SpdxOptionsError);
    await expect(writeSpdx(makeSbomInput(), { version: '3.0' as SpdxVersion })).rejects.toThrow('Unsupported SPDX version "3.0"; expected one of 2.3, 2.2.');
  });

  it.each(['2.3', '2.2'] as const)('is valid against the official SPDX %s JSON schema', async (version) => {
    for (const inputs of [0, 1, 2]) {
      const errors = validateSpdxJson(await writeSpdx(makeSbomInput(inputs), { version }), version);
      expect(errors).toBeNull();
    }
  });

  it('has a validator that does catch schema errors', () => {
    expect(validateSpdxJson(JSON.stringify({ spdxVersion: 'SPDX-2.3', packages: [{ name: 'x' }] }), '2.3')).not.toBeNull();
  });
});

describe('uuidOfUid', () => {
  it('takes the uuid qualifier, else a stable name-based uuid', () => {
    expect(uuidOfUid(ASGIREF_UID)).toBe('b2913908-3a31-4460-b330-a74d14b5ee24');
    const generated = uuidOfUid('pkg:npm/left-pad@1.0.0');
    expect(generated).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidOfUid('pkg:npm/left-pad@1.0.0')).toBe(generated);
  });
});
