import { parseSbom } from './parse-sbom';
import { byUid, edges, parseFixture } from './test-helpers.testing';
import { SbomParseError } from './types';

describe('SPDX JSON (ScanCode.io dependencies.spdx.json, SPDX 2.3)', () => {
  const result = parseFixture('scancodeio-dependencies.spdx.json');
  const P = 'SPDXRef-scancodeio-project-b74fe5df-e965-415e-ba65-f38421a0695d';
  const A = 'SPDXRef-scancodeio-discoveredpackage-a83a60de-81bc-4bf4-b48c-dc78e0e658a9';
  const B = 'SPDXRef-scancodeio-discoveredpackage-81147701-285f-485c-ba36-9cd3742790b1';
  const D1 = 'SPDXRef-scancodeio-discovereddependency-d0e1eab2-9b8b-449b-b9d1-12147ffdd8a8';

  it('keeps every package with SPDXID as package_uid and the purl parts', () => {
    expect(result.format).toBe('spdx-json');
    expect(result.packages).toHaveLength(6);
    const a = byUid(result, A);
    expect([a.type, a.name, a.purl, a.datasource_id]).toEqual(['type', 'a', 'pkg:type/a', 'spdx_document']);
    expect(a.download_url).toBeNull(); // NOASSERTION
    expect(a.copyright).toBeNull();
    expect(a.declared_license_expression).toBeNull();
  });

  it('turns relationships into edges, flipping DEPENDENCY_OF', () => {
    expect(edges(result)).toEqual([
      `${P} -> ${A}`,
      `${P} -> ${B}`,
      `${P} -> SPDXRef-scancodeio-discoveredpackage-e391c33e-d7d0-4a97-a3c3-e947375c53d5`,
      `${A} -> ${B}`,
      `${B} -> ${D1}`,
      'SPDXRef-DOCUMENT-b74fe5df-e965-415e-ba65-f38421a0695d -> SPDXRef-scancodeio-discovereddependency-29fbe562-a191-44b4-88e8-a9678071ecee',
    ]);
    expect(result.dependencies[3]).toMatchObject({ relationship: 'DEPENDENCY_OF', is_runtime: true, is_direct: true, is_resolved: true, source: 'spdx-relationship' });
  });

  it('keeps the ScanCode.io header fields', () => {
    expect(Object.keys(result.headers)).toEqual(['spdxVersion', 'dataLicense', 'SPDXID', 'name', 'documentNamespace', 'creationInfo', 'comment']);
    expect(result.errors).toEqual([]);
  });
});

describe('SPDX JSON (Syft-style)', () => {
  const result = parseFixture('syft-style.spdx.json');

  it('maps checksums, licenses, parties and URLs', () => {
    const musl = byUid(result, 'SPDXRef-Package-apk-musl-6a5b');
    expect(musl.purl).toBe('pkg:apk/alpine/musl@1.2.4-r2?arch=x86_64&distro=alpine-3.18.4');
    expect(musl.sha1).toBe('A1B2C3D4E5F60718293A4B5C6D7E8F9012345678');
    expect(musl.sha256).toMatch(/^f0e1/);
    expect(musl.extra_data).toEqual({ checksums: { 'blake2b-256': '00ff' } });
    // licenseConcluded is NOASSERTION: the declared license comes from licenseDeclared.
    expect([musl.declared_license_expression, musl.declared_license_expression_spdx, musl.extracted_license_statement]).toEqual(['mit', 'MIT', 'MIT']);
    expect(musl.parties).toEqual([
      { type: 'person', role: 'supplier', name: 'Timo Teräs', email: 'timo.teras@iki.fi', url: null },
      { type: 'organization', role: 'originator', name: 'Alpine Linux', email: null, url: null },
    ]);
    expect([musl.homepage_url, musl.download_url, musl.description]).toEqual(['https://musl.libc.org/', 'https://musl.libc.org/', 'the musl c library (libc) implementation']);
  });

  it('uses licenseConcluded first and drops NONE copyrights', () => {
    const busybox = byUid(result, 'SPDXRef-Package-apk-busybox-9c1d');
    expect(busybox.declared_license_expression).toBe('gpl-2.0');
    expect(busybox.copyright).toBeNull();
    expect(busybox.release_date).toBe('2023-10-01T00:00:00Z');
  });

  it('keeps bad packages out, reports them, and keeps the rest', () => {
    expect(result.packages.map((p) => p.package_uid)).toEqual(['SPDXRef-Package-apk-musl-6a5b', 'SPDXRef-Package-apk-busybox-9c1d', 'SPDXRef-Package-broken']);
    expect(byUid(result, 'SPDXRef-Package-broken')).toMatchObject({ name: 'broken-purl', purl: null, declared_license_expression: 'apache-2.0 OR mit' });
    expect(result.errors).toEqual([
      'Package SPDXRef-Package-broken: invalid purl "not-a-purl".',
      'Package no-id skipped: package without SPDXID.',
      'Package #5 skipped: not an object.',
    ]);
  });

  it('skips DESCRIBES and NOASSERTION relationships and flips CONTAINED_BY', () => {
    expect(edges(result)).toEqual([
      'SPDXRef-Package-apk-busybox-9c1d -> SPDXRef-Package-apk-musl-6a5b',
      'SPDXRef-Package-apk-busybox-9c1d -> SPDXRef-Package-broken',
    ]);
  });
});

describe('SPDX tag-value (2.2)', () => {
  const result = parseFixture('hand-written-2.2.spdx');

  it('reads the document header, <text> blocks and creators', () => {
    expect(result.format).toBe('spdx-tv');
    expect(result.headers).toMatchObject({
      spdxVersion: 'SPDX-2.2', SPDXID: 'SPDXRef-DOCUMENT', name: 'hello-world', comment: 'A document comment\nover two lines',
      creationInfo: { creators: ['Person: Jane Doe (jane@example.com)', 'Tool: hand-written'], created: '2022-03-01T08:00:00Z' },
    });
  });

  it('reads packages with checksums, external refs and multi-line copyrights', () => {
    const hello = byUid(result, 'SPDXRef-Package-hello');
    expect(hello).toMatchObject({
      type: 'npm', namespace: '@example', name: 'hello', version: '1.0.0', filename: 'hello-1.0.0.tar.gz',
      sha1: '85ed0817af83a24ad8da68c2b5094de69833983c', md5: '624c1abb3664f4b35547e7c73864ad24',
      homepage_url: 'https://example.com/hello', download_url: 'https://example.com/hello-1.0.0.tar.gz',
      copyright: 'Copyright 2022 Example Corp\nCopyright 2021 Jane Doe', description: 'Says hello.',
      declared_license_expression: 'apache-2.0 OR mit', extracted_license_statement: 'Apache-2.0 OR MIT',
    });
    expect(hello.parties[0]).toEqual({ type: 'organization', role: 'supplier', name: 'Example Corp', email: 'ops@example.com', url: null });
    expect(byUid(result, 'SPDXRef-Package-left-pad').purl).toBe('pkg:npm/left-pad@1.3.0');
  });

  it('reads relationships anywhere and reports stray lines', () => {
    expect(edges(result)).toEqual(['SPDXRef-Package-hello -> SPDXRef-Package-left-pad', 'SPDXRef-Package-hello -> SPDXRef-File-index']);
    expect(result.errors).toEqual(['line 52: not a tag-value pair']);
  });
});

describe('SPDX YAML', () => {
  const result = parseFixture('hand-written.spdx.yml');

  it('maps packages and relationships like JSON', () => {
    expect(result.format).toBe('spdx-yaml');
    expect(byUid(result, 'SPDXRef-requests')).toMatchObject({ purl: 'pkg:pypi/requests@2.31.0', declared_license_expression: 'apache-2.0', copyright: 'Copyright 2019 Kenneth Reitz' });
    expect(byUid(result, 'SPDXRef-urllib3')).toMatchObject({ version: '2.0.7', declared_license_expression: 'mit' });
    expect(edges(result)).toEqual(['SPDXRef-requests -> SPDXRef-urllib3']);
  });
});

describe('SPDX 2.2 JSON', () => {
  it('is accepted like 2.3', () => {
    const doc = { spdxVersion: 'SPDX-2.2', SPDXID: 'SPDXRef-DOCUMENT', creationInfo: { creators: ['Tool: x'] }, packages: [{ SPDXID: 'SPDXRef-p', name: 'p', versionInfo: '1' }] };
    const result = parseSbom('x.spdx.json', Buffer.from(JSON.stringify(doc)));
    expect(result.packages.map((p) => [p.package_uid, p.name, p.version, p.purl])).toEqual([['SPDXRef-p', 'p', '1', null]]);
  });
});

describe('invalid SPDX documents', () => {
  const parse = (name: string, text: string) => () => parseSbom(name, Buffer.from(text));

  it('throws a clear error naming the file', () => {
    expect(parse('bad.spdx.json', '{not json')).toThrow(/^SBOM document "bad.spdx.json" is not valid: invalid JSON/);
    expect(parse('a.spdx.json', '{"SPDXID": "x"}')).toThrow(`SBOM document "a.spdx.json" is not valid: 'spdxVersion' is a required property`);
    expect(parse('a.spdx.json', '{"spdxVersion": "SPDX-3.0", "SPDXID": "x"}')).toThrow(/unsupported spdxVersion "SPDX-3.0"/);
    expect(parse('a.spdx.json', '{"spdxVersion": "SPDX-2.3", "SPDXID": "x"}')).toThrow(/'creationInfo' is a required property/);
    expect(parse('a.spdx.json', '{"spdxVersion": "SPDX-2.3", "SPDXID": "x", "creationInfo": {}, "packages": {}}')).toThrow(/'packages' is not a list/);
    expect(parse('a.spdx.yml', 'a: [1, 2')).toThrow(/^SBOM document "a.spdx.yml" is not valid: invalid YAML/);
    expect(parse('a.spdx', 'hello world')).toThrow(/'spdxVersion' is a required property/);
    expect(parse('notes.txt', 'hello')).toThrow('SBOM document "notes.txt" is not valid: not a recognized SPDX or CycloneDX document');
    expect(parse('x.spdx.json', '[]')).toThrow(SbomParseError);
  });
});
