/**
 * An SPDX 2.x JSON document (as writeSpdx builds it) in the tag-value format (SPDX 2.3 spec,
 * chapter 5 onwards for the tags, annex on the tag-value syntax): `Tag: value` lines, free text in
 * `<text>...</text>`, the document's DESCRIBES links and every relationship as `Relationship:`
 * lines. Hand-written: no maintained JavaScript library writes tag-value (@spdx/tools writes JSON
 * only, spdx-tools-js is archived), and the mapping is a fixed table over the JSON fields this
 * project writes.
 */

type Json = Record<string, unknown>;

/** Free-text values: always wrapped, since they may span lines. */
const text = (value: unknown): string => `<text>${String(value).replace(/<\/text>/gi, '</ text>')}</text>`;

function line(tag: string, value: unknown, free = false): string[] {
  if (value === undefined || value === null || value === '') return [];
  return [`${tag}: ${free ? text(value) : String(value)}`];
}

const PACKAGE_TAGS: [field: string, tag: string, free?: boolean][] = [
  ['name', 'PackageName'],
  ['SPDXID', 'SPDXID'],
  ['versionInfo', 'PackageVersion'],
  ['packageFileName', 'PackageFileName'],
  ['supplier', 'PackageSupplier'],
  ['originator', 'PackageOriginator'],
  ['downloadLocation', 'PackageDownloadLocation'],
  ['filesAnalyzed', 'FilesAnalyzed'],
  ['homepage', 'PackageHomePage'],
  ['sourceInfo', 'PackageSourceInfo', true],
  ['licenseConcluded', 'PackageLicenseConcluded'],
  ['licenseDeclared', 'PackageLicenseDeclared'],
  ['licenseComments', 'PackageLicenseComments', true],
  ['copyrightText', 'PackageCopyrightText', true],
  ['summary', 'PackageSummary', true],
  ['description', 'PackageDescription', true],
  ['comment', 'PackageComment', true],
  ['primaryPackagePurpose', 'PrimaryPackagePurpose'],
  ['releaseDate', 'ReleaseDate'],
  ['builtDate', 'BuiltDate'],
  ['validUntilDate', 'ValidUntilDate'],
];

/** NOASSERTION and NONE stay bare words even in free-text fields. */
const KEYWORDS = new Set(['NOASSERTION', 'NONE']);

function packageLines(pkg: Json): string[] {
  const out: string[] = [];
  for (const [field, tag, free] of PACKAGE_TAGS) {
    const value = pkg[field];
    out.push(...line(tag, value, free && !KEYWORDS.has(String(value))));
    if (field === 'downloadLocation') {
      for (const c of (pkg['checksums'] as Json[] | undefined) ?? []) out.push(`PackageChecksum: ${String(c['algorithm'])}: ${String(c['checksumValue'])}`);
    }
    if (field === 'licenseConcluded') for (const l of (pkg['licenseInfoFromFiles'] as string[] | undefined) ?? []) out.push(`PackageLicenseInfoFromFiles: ${l}`);
  }
  for (const ref of (pkg['externalRefs'] as Json[] | undefined) ?? []) {
    out.push(`ExternalRef: ${String(ref['referenceCategory'])} ${String(ref['referenceType'])} ${String(ref['referenceLocator'])}`);
    out.push(...line('ExternalRefComment', ref['comment'], true));
  }
  for (const attribution of (pkg['attributionTexts'] as string[] | undefined) ?? []) out.push(...line('PackageAttributionText', attribution, true));
  return out;
}

function licenseLines(info: Json): string[] {
  return [
    ...line('LicenseID', info['licenseId']),
    ...line('ExtractedText', info['extractedText'], true),
    ...line('LicenseName', info['name']),
    ...((info['seeAlsos'] as string[] | undefined) ?? []).map((url) => `LicenseCrossReference: ${url}`),
    ...line('LicenseComment', info['comment'], true),
  ];
}

export function spdxTagValue(document: Json): string {
  const creation = (document['creationInfo'] as Json | undefined) ?? {};
  const sections: string[][] = [[
    ...line('SPDXVersion', document['spdxVersion']),
    ...line('DataLicense', document['dataLicense']),
    ...line('SPDXID', document['SPDXID']),
    ...line('DocumentName', document['name']),
    ...line('DocumentNamespace', document['documentNamespace']),
    ...((creation['creators'] as string[] | undefined) ?? []).map((c) => `Creator: ${c}`),
    ...line('Created', creation['created']),
    ...line('CreatorComment', creation['comment'], true),
    ...line('LicenseListVersion', creation['licenseListVersion']),
    ...line('DocumentComment', document['comment'], true),
  ]];
  for (const pkg of (document['packages'] as Json[] | undefined) ?? []) sections.push(packageLines(pkg));
  for (const info of (document['hasExtractedLicensingInfos'] as Json[] | undefined) ?? []) sections.push(licenseLines(info));
  const relationships = [
    ...((document['documentDescribes'] as string[] | undefined) ?? []).map((id) => `Relationship: ${String(document['SPDXID'])} DESCRIBES ${id}`),
    ...((document['relationships'] as Json[] | undefined) ?? []).map((r) => `Relationship: ${String(r['spdxElementId'])} ${String(r['relationshipType'])} ${String(r['relatedSpdxElement'])}`),
  ];
  if (relationships.length) sections.push(relationships);
  return `${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
}
