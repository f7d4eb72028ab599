import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateCycloneDxJson } from '@sca/testing';
import { CYCLONEDX_SPEC_VERSIONS, CycloneDxOptionsError, writeCycloneDx, type CycloneDxSpecVersion } from './cyclonedx-writer';
import { SCAN_NOTICE } from './scan-notice';
import { reportInputFromArrays } from '../report/report-input';
import { ASGIREF_UID, PROJECT_UUID, SQLPARSE_UID, WEBAPP_UID, makeSbomInput } from './__fixtures__/sbom-project.testing';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loose access to parsed test output

const FIXED = { timestamp: new Date('2024-03-07T17:05:37.329Z'), serialNumber: 'urn:uuid:b74fe5df-e965-415e-ba65-f38421a0695d' };

async function writeJson(specVersion?: CycloneDxSpecVersion): Promise<Json> {
  return JSON.parse(await writeCycloneDx(makeSbomInput(), { ...FIXED, specVersion })) as Json;
}

function component(document: Json, name: string): Json {
  return (document['components'] as Json[]).find((item) => item['name'] === name) as Json;
}

describe('writeCycloneDx (JSON)', () => {
  it('writes a 1.6 document by default with the project as metadata component', async () => {
    const document = await writeJson();
    expect(document).toMatchObject({
      $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      serialNumber: FIXED.serialNumber,
      version: 1,
      metadata: {
        timestamp: '2024-03-07T17:05:37.329Z',
        tools: [{ name: 'ScanCode.io', version: '36.1.0' }],
        component: { type: 'library', name: 'Web App 1.0', 'bom-ref': PROJECT_UUID },
        properties: [{ name: 'notice', value: SCAN_NOTICE }],
      },
    });
  });

  it('maps packages to components with bom-ref, purl, licenses, hashes, authors, properties, references and evidence', async () => {
    const document = await writeJson();
    expect((document['components'] as Json[]).map((item) => item['bom-ref'])).toEqual([ASGIREF_UID, SQLPARSE_UID, WEBAPP_UID]);
    const asgiref = component(document, 'asgiref');
    expect(asgiref).toMatchObject({
      type: 'library',
      version: '3.3.0',
      purl: 'pkg:pypi/asgiref@3.3.0',
      licenses: [{ expression: 'BSD-3-Clause' }],
      copyright: 'Copyright (c) Django Software Foundation and individual contributors.',
      authors: [{ name: 'Django Software Foundation', email: 'foundation@djangoproject.com' }],
      evidence: { licenses: [{ expression: 'Apache-2.0 AND LicenseRef-scancode-unknown' }] },
    });
    expect(asgiref['hashes']).toEqual([
      { alg: 'MD5', content: '2f5d2b0e7f5b9e6f4a9e1b1b0d9c8a7f' },
      { alg: 'SHA-1', content: '10c72b88de4c5f3095ebe20b4d8afbedb32b8f00' },
      { alg: 'SHA-256', content: 'a5098bc870b80e7b872bff60bb363c7f2c2c89078759f6c47b53ff8c525a152e' },
    ]);
    expect(asgiref['properties']).toEqual([
      { name: 'aboutcode:download_url', value: 'https://files.pythonhosted.org/packages/asgiref-3.3.0.tar.gz' },
      { name: 'aboutcode:homepage_url', value: 'https://github.com/django/asgiref/' },
      { name: 'aboutcode:package_uid', value: ASGIREF_UID },
      { name: 'aboutcode:primary_language', value: 'Python' },
    ]);
    // download_url and homepage_url are properties, so they are not repeated as references.
    expect(asgiref['externalReferences']).toEqual([
      { url: 'https://pypi.org/pypi/asgiref/3.3.0/json', type: 'bom' },
      { url: 'https://pypi.org/project/asgiref', type: 'website' },
    ]);
    expect(asgiref).not.toHaveProperty('author');

    const sqlparse = component(document, 'sqlparse');
    expect(sqlparse['authors']).toEqual([{ name: 'Andi Albrecht', email: 'albrecht.andi@gmail.com' }]); // owner role is not an author
    expect(sqlparse['licenses']).toEqual([{ expression: 'BSD-3-Clause AND LicenseRef-scancode-proprietary-license' }]);
    expect(sqlparse['externalReferences']).toEqual([{ url: 'git+https://github.com/andialbrecht/sqlparse', type: 'vcs' }]);
  });

  it('builds the dependency graph: project -> every package, package -> resolved packages', async () => {
    const document = await writeJson();
    expect(document['dependencies']).toEqual([
      { ref: PROJECT_UUID, dependsOn: [ASGIREF_UID, SQLPARSE_UID, WEBAPP_UID] },
      // Leaves with an empty list, which ScanCode.io leaves out: cdxgen's cdx-validate needs it.
      { ref: ASGIREF_UID, dependsOn: [] },
      { ref: SQLPARSE_UID, dependsOn: [] },
      { ref: WEBAPP_UID, dependsOn: [ASGIREF_UID, SQLPARSE_UID] },
    ]);
  });

  it('maps affected_by_vulnerabilities to vulnerabilities', async () => {
    const document = await writeJson();
    expect(document['vulnerabilities']).toEqual([{
      'bom-ref': 'VCID-589h-ndhj-aaab',
      id: 'VCID-589h-ndhj-aaab',
      source: { name: 'VulnerableCode', url: 'https://public.vulnerablecode.io/vulnerabilities/VCID-589h-ndhj-aaab' },
      references: [
        { id: 'CVE-2023-31047', source: { url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-31047' } },
        { id: 'GHSA-r3xc-prgr-mg9p', source: { url: 'https://github.com/advisories/GHSA-r3xc-prgr-mg9p' } },
      ],
      ratings: [
        { source: { url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-31047' }, score: 9.8, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
        { source: { url: 'https://github.com/advisories/GHSA-r3xc-prgr-mg9p' }, severity: 'critical' },
      ],
      cwes: [20],
      description: 'asgiref bypasses validation',
      affects: [{ ref: `urn:cdx:${ASGIREF_UID}` }],
    }]);
  });

  it('keeps the legacy author string before 1.6, where components have no authors list', async () => {
    const document = await writeJson('1.5');
    expect(document['specVersion']).toBe('1.5');
    expect(component(document, 'asgiref')['author']).toBe('Django Software Foundation');
    expect(component(document, 'asgiref')).not.toHaveProperty('authors');
  });

  it.each(CYCLONEDX_SPEC_VERSIONS)('is valid against the official CycloneDX %s JSON schema', async (specVersion) => {
    const json = await writeCycloneDx(makeSbomInput(), { specVersion });
    const { errors } = await validateCycloneDxJson(json, specVersion);
    expect(errors).toBeNull();
  });

  it('writes a valid document for a project without packages', async () => {
    const input = reportInputFromArrays(makeSbomInput().project, {});
    const json = await writeCycloneDx(input);
    expect(JSON.parse(json)).toMatchObject({ components: [], dependencies: [{ ref: PROJECT_UUID }] });
    expect((await validateCycloneDxJson(json, '1.6')).errors).toBeNull();
  });

  it('has a validator that does catch schema errors', async () => {
    const document = await writeJson();
    component(document, 'asgiref')['hashes'][0]['content'] = 'not-a-hash';
    expect((await validateCycloneDxJson(JSON.stringify(document), '1.6')).errors).not.toBeNull();
  });

  it('rejects an unknown spec version or format', async () => {
    await expect(writeCycloneDx(makeSbomInput(), { specVersion: '2.0' as CycloneDxSpecVersion })).rejects.toThrow(CycloneDxOptionsError);
    await expect(writeCycloneDx(makeSbomInput(), { format: 'yaml' as 'json' })).rejects.toThrow('Unsupported CycloneDX format "yaml"');
  });
});

describe('writeCycloneDx (XML)', () => {
  it.each(CYCLONEDX_SPEC_VERSIONS)('writes well-formed %s XML that parses back', async (specVersion) => {
    const xml = await writeCycloneDx(makeSbomInput(), { ...FIXED, specVersion, format: 'xml' });
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as Json;
    const bom = parsed['bom'] as Json;
    expect(bom['@xmlns']).toBe(`http://cyclonedx.org/schema/bom/${specVersion}`);
    expect(bom['@serialNumber']).toBe(FIXED.serialNumber);
    expect(bom['metadata']['component']['@bom-ref']).toBe(PROJECT_UUID);
    const components = bom['components']['component'] as Json[];
    expect(components.map((item) => item['@bom-ref'])).toEqual([ASGIREF_UID, SQLPARSE_UID, WEBAPP_UID]);
    expect(components[0]['purl']).toBe('pkg:pypi/asgiref@3.3.0');
    const webapp = (bom['dependencies']['dependency'] as Json[]).find((item) => item['@ref'] === WEBAPP_UID) as Json;
    expect((webapp['dependency'] as Json[]).map((item) => item['@ref'])).toEqual([ASGIREF_UID, SQLPARSE_UID]);
  });
});
