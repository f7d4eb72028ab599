import { validateSpdxJson } from '@sca/testing';
import { makeSbomInput } from '../cyclonedx/__fixtures__/sbom-project.testing';
import { spdxTagValue } from './spdx-tag-value';
import { writeSpdx } from './spdx-writer';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loose access to parsed test output

const PACKAGE_FIELDS: Record<string, string> = {
  PackageName: 'name', SPDXID: 'SPDXID', PackageVersion: 'versionInfo', PackageFileName: 'packageFileName', PackageDownloadLocation: 'downloadLocation',
  FilesAnalyzed: 'filesAnalyzed', PackageHomePage: 'homepage', PackageLicenseConcluded: 'licenseConcluded', PackageLicenseDeclared: 'licenseDeclared',
  PackageCopyrightText: 'copyrightText', PackageDescription: 'description', PackageComment: 'comment', ReleaseDate: 'releaseDate',
};

/**
 * A reader of the tag-value syntax, written for this test only: `Tag: value` lines, `<text>`
 * values that may span lines, a package starting at each PackageName and a license at each
 * LicenseID. It rebuilds the JSON document, so the round trip shows nothing was lost or bent.
 */
function readTagValue(tv: string): Json {
  const pairs: [string, string][] = [];
  const re = /^([A-Za-z]+): (<text>[\s\S]*?<\/text>|[^\n]*)$/gm;
  let consumed = '';
  for (const m of tv.matchAll(re)) {
    pairs.push([m[1], m[2].startsWith('<text>') ? m[2].slice(6, -7) : m[2]]);
    consumed += m[0];
  }
  // Every non-blank character of the file belongs to a tag line.
  expect(consumed.replace(/\s/g, '').length).toBe(tv.replace(/\s/g, '').length);
  const doc: Json = { packages: [], relationships: [], creationInfo: { creators: [] } };
  let pkg: Json | null = null;
  let license: Json | null = null;
  for (const [tag, value] of pairs) {
    if (tag === 'PackageName') doc['packages'].push((pkg = {}));
    if (tag === 'LicenseID') {
      (doc['hasExtractedLicensingInfos'] ??= []).push((license = {}));
      pkg = null;
    }
    if (license && ['LicenseID', 'ExtractedText', 'LicenseName'].includes(tag)) license[{ LicenseID: 'licenseId', ExtractedText: 'extractedText', LicenseName: 'name' }[tag] as string] = value;
    else if (license && tag === 'LicenseCrossReference') (license['seeAlsos'] ??= []).push(value);
    else if (tag === 'Relationship') {
      const [a, type, b] = value.split(' ');
      if (type === 'DESCRIBES' && a === doc['SPDXID']) (doc['documentDescribes'] ??= []).push(b);
      else doc['relationships'].push({ spdxElementId: a, relatedSpdxElement: b, relationshipType: type });
    } else if (pkg && tag === 'PackageChecksum') {
      const [algorithm, checksumValue] = value.split(': ');
      (pkg['checksums'] ??= []).push({ algorithm, checksumValue });
    } else if (pkg && tag === 'ExternalRef') {
      const [referenceCategory, referenceType, referenceLocator] = value.split(' ');
      (pkg['externalRefs'] ??= []).push({ referenceCategory, referenceType, referenceLocator });
    } else if (pkg && tag === 'PackageAttributionText') (pkg['attributionTexts'] ??= []).push(value);
    else if (pkg) pkg[PACKAGE_FIELDS[tag] ?? `?${tag}`] = tag === 'FilesAnalyzed' ? value === 'true' : value;
    else if (tag === 'Creator') doc['creationInfo'].creators.push(value);
    else if (tag === 'Created' || tag === 'LicenseListVersion') doc['creationInfo'][tag === 'Created' ? 'created' : 'licenseListVersion'] = value;
    else doc[{ SPDXVersion: 'spdxVersion', DataLicense: 'dataLicense', SPDXID: 'SPDXID', DocumentName: 'name', DocumentNamespace: 'documentNamespace', DocumentComment: 'comment' }[tag] ?? `?${tag}`] = value;
  }
  return doc;
}

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(sortKeys) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sortKeys(v)])) : value;

describe('spdxTagValue', () => {
  it.each([1, 2])('writes every field of the JSON document (project with %i input(s)), which reads back to the same valid document', async (inputs) => {
    const json = JSON.parse(await writeSpdx(makeSbomInput(inputs), { created: new Date('2000-01-01T00:00:00Z') })) as Json;
    const tv = spdxTagValue(json);
    expect(tv.startsWith('SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\n')).toBe(true);
    const back = readTagValue(tv);
    const { files: _files, ...expected } = json;
    expect(sortKeys(back)).toEqual(sortKeys(expected));
    expect(validateSpdxJson(JSON.stringify({ ...back, files: [] }), '2.3')).toBeNull();
  });

  it('keeps free text on several lines inside <text>, and NOASSERTION bare', () => {
    const tv = spdxTagValue({
      spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT', comment: 'a\nb',
      packages: [{ name: 'p', SPDXID: 'SPDXRef-p', downloadLocation: 'NOASSERTION', copyrightText: 'NOASSERTION', description: 'one\ntwo </text> three' }],
    });
    expect(tv).toContain('DocumentComment: <text>a\nb</text>');
    expect(tv).toContain('PackageCopyrightText: NOASSERTION');
    expect(tv).toContain('PackageDescription: <text>one\ntwo </ text> three</text>');
  });
});
