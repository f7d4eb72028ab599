import { parseSbom } from './parse-sbom';
import { byUid, edges, parseFixture } from './test-helpers.testing';

describe('CycloneDX 1.4 JSON (ScanCode.io nested.cdx.json)', () => {
  const result = parseFixture('scancodeio-nested.cdx.json');

  it('flattens nested components and lists their bom-refs', () => {
    expect(result.packages.map((p) => p.package_uid)).toEqual(['pkg:pypi/toml@0.10.2?extension=tar.gz', 'pkg:pypi/billiard@3.6.3.0', 'pkg:pypi/fictional@9.10.2']);
    expect(result.packages[0].extra_data.nestedComponents).toEqual(['pkg:pypi/billiard@3.6.3.0', 'pkg:pypi/fictional@9.10.2']);
    expect(result.packages[1].extra_data.nestedComponents).toEqual(['pkg:pypi/fictional@9.10.2']);
  });

  it('maps licenses, hashes, external references and aboutcode properties', () => {
    const toml = result.packages[0];
    expect(toml).toMatchObject({ type: 'pypi', name: 'toml', version: '0.10.2', qualifiers: { extension: 'tar.gz' }, sha256: '806143ae5bfb6a3c6e736a764057db0e6a0e05e338b5630894a5f779cabb4f9b' });
    expect([toml.extracted_license_statement, toml.declared_license_expression]).toEqual(['OFL-1.1\nApache-2.0', 'ofl-1.1 AND apache-2.0']);
    expect(toml.extra_data.externalReferences).toEqual({
      'issue-tracker': ['https://cyclonedx.org/issue-tracker'], website: ['https://cyclonedx.org/website'], vcs: ['https://cyclonedx.org/vcs'],
      advisories: ['https://cyclonedx.org/advisories'], bom: ['https://cyclonedx.org/bom'], 'mailing-list': ['https://cyclonedx.org/mailing-list'],
    });
    const billiard = result.packages[1];
    expect(billiard).toMatchObject({ md5: 'ef0831df429e9ec89f3b40fea4e143d4', sha1: 'c9100731b41e1bcb3bbaffd777f991057d3bd09b', declared_license_expression: 'bsd-new', copyright: 'Copyright (c) 2006-2008, R Oudkerk and Contributors' });
    const fictional = result.packages[2];
    // The purl version wins over the component version, as in ScanCode.io.
    expect(fictional).toMatchObject({ version: '9.10.2', download_url: 'https://download.url/package.zip', homepage_url: 'https://home.page', primary_language: 'Python', filename: 'package.zip' });
    // ScanCode.io's test says openssl-exception-lgpl3.0plus: the key of an older LicenseDB, whose spdx_license_key it still is.
    expect(fictional.declared_license_expression).toBe('lgpl-3.0-plus AND openssl-exception-lgpl-3.0-plus');
  });
});

describe('CycloneDX 1.5 JSON (Trivy-style)', () => {
  const result = parseFixture('trivy-style-1.5.cdx.json');

  it('builds edges from dependencies, reporting missing targets as ScanCode.io does', () => {
    expect(edges(result)).toEqual(['pkg:npm/express@4.18.2 -> pkg:npm/body-parser@1.20.1']);
    expect(result.dependencies[0]).toMatchObject({ is_runtime: true, is_pinned: true, is_direct: true, source: 'cyclonedx-dependencies' });
    expect(byUid(result, 'pkg:npm/express@4.18.2').extra_data.depends_on).toEqual(['pkg:npm/body-parser@1.20.1', 'pkg:npm/missing@1.0.0']);
    expect(result.errors).toContain('Could not find resolved_to package entry: pkg:npm/missing@1.0.0.');
  });

  it('skips a component without a name and keeps the others', () => {
    expect(result.packages).toHaveLength(2);
    expect(result.errors).toContain("Component nameless skipped: 'name' is a required property.");
  });

  it('keeps vulnerabilities, other hashes and all properties', () => {
    const bodyParser = byUid(result, 'pkg:npm/body-parser@1.20.1');
    expect(bodyParser.affected_by_vulnerabilities).toHaveLength(1);
    expect(bodyParser.affected_by_vulnerabilities[0]).toMatchObject({ vulnerability_id: 'CVE-2024-45590', summary: expect.stringContaining('denial of service') });
    expect(bodyParser.affected_by_vulnerabilities[0].cdx_vulnerability_data).toMatchObject({ cwes: [405], ratings: [{ score: 7.5 }] });
    expect(bodyParser.sha512).toBe('abcd');
    expect(bodyParser.extra_data.hashes).toEqual([{ alg: 'SHA-384', content: 'ef01' }]);
    expect(byUid(result, 'pkg:npm/express@4.18.2').extra_data.properties).toEqual([
      { name: 'aquasecurity:trivy:PkgID', value: 'express@4.18.2' },
      { name: 'aquasecurity:trivy:PkgType', value: 'node-pkg' },
    ]);
  });

  it('keeps the header fields, metadata included', () => {
    expect(Object.keys(result.headers)).toEqual(['bomFormat', 'specVersion', 'serialNumber', 'version', 'metadata']);
  });
});

describe('CycloneDX 1.6 JSON (cdxgen-style)', () => {
  const result = parseFixture('cdxgen-style-1.6.cdx.json');
  const lang = result.packages[0];

  it('maps parties from authors, supplier and publisher', () => {
    expect(lang.parties).toEqual([
      { type: 'person', role: 'author', name: 'Gary Gregory', email: 'ggregory@apache.org', url: null },
      { type: 'organization', role: 'supplier', name: 'Apache', email: 'dev@commons.apache.org', url: 'https://apache.org' },
      { type: 'organization', role: 'publisher', name: 'The Apache Software Foundation', email: null, url: null },
    ]);
  });

  it('uses ResolvedUrl as download_url and references for homepage and vcs', () => {
    expect(lang.download_url).toBe('https://repo1.maven.org/maven2/org/apache/commons/commons-lang3/3.14.0/commons-lang3-3.14.0.jar');
    expect(lang.homepage_url).toBe('https://commons.apache.org/proper/commons-lang/');
    expect(lang.vcs_url).toBe('https://gitbox.apache.org/repos/asf?p=commons-lang.git');
    expect(lang).toMatchObject({ type: 'maven', namespace: 'org.apache.commons', qualifiers: { type: 'jar' }, sha1: '1ed471194b02f2c6cb734a0cd6f6f107c673afae' });
  });

  it('keeps a statement but no declared expression when a license name is not SPDX', () => {
    const custom = byUid(result, 'custom-lib@0.1');
    expect(custom.extracted_license_statement).toBe('Proprietary Corp License\nMIT');
    expect(custom.declared_license_expression).toBeNull();
    expect(edges(result)).toEqual(['pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar -> custom-lib@0.1']);
    expect(result.errors).toEqual([]);
  });
});

describe('CycloneDX 1.4 JSON (osv-scanner-style)', () => {
  it('reads components without licenses or dependencies', () => {
    const result = parseFixture('osv-scanner-style-1.4.cdx.json');
    expect(result.packages.map((p) => p.purl)).toEqual(['pkg:golang/github.com/gin-gonic/gin@v1.9.1', 'pkg:golang/stdlib@1.21.0']);
    expect(result.packages[0]).toMatchObject({ namespace: 'github.com/gin-gonic', name: 'gin', extra_data: {} });
    expect(result.dependencies).toEqual([]);
  });
});

describe('CycloneDX XML', () => {
  it('reads 1.6 XML into the same shape as JSON', () => {
    const result = parseFixture('hand-written-1.6.cdx.xml');
    expect(result.format).toBe('cyclonedx-xml');
    expect(result.headers).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 2, metadata: { component: { 'bom-ref': 'root' } } });
    expect(result.packages.map((p) => p.package_uid)).toEqual(['asm89/stack-cors-1.3.0.0', 'inner', 'brick/math-0.9.3.0']);
    const cors = result.packages[0];
    expect(cors).toMatchObject({
      purl: 'pkg:composer/asm89/stack-cors@1.3.0', description: 'Cross-origin resource sharing library & stack middleware',
      declared_license_expression: 'mit', primary_language: 'PHP', sha256: expect.stringMatching(/^5d4f/),
      homepage_url: 'https://github.com/asm89/stack-cors', download_url: 'https://api.github.com/repos/asm89/stack-cors/zipball/b9c31d',
    });
    expect(cors.parties).toEqual([{ type: 'person', role: 'author', name: 'Alexander', email: null, url: null }]);
    expect(cors.extra_data.nestedComponents).toEqual(['inner']);
    expect(cors.extra_data.properties).toEqual([{ name: 'cdx:composer:package:type', value: 'library' }, { name: 'aboutcode:primary_language', value: 'PHP' }]);
    expect(result.packages[1].declared_license_expression).toBe('apache-2.0 OR mit');
    expect(edges(result)).toEqual(['asm89/stack-cors-1.3.0.0 -> brick/math-0.9.3.0', 'asm89/stack-cors-1.3.0.0 -> inner']);
    expect(result.packages[2].affected_by_vulnerabilities).toMatchObject([{ vulnerability_id: 'CVE-2021-0001', summary: 'Example flaw', cdx_vulnerability_data: { cwes: ['79'] } }]);
    expect(result.errors).toEqual([]);
  });

  it('reads 1.2 XML without bom-refs', () => {
    const result = parseFixture('hand-written-1.2.cdx.xml');
    expect(result.headers).toMatchObject({ specVersion: '1.2', serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79' });
    expect(result.packages).toHaveLength(1);
    expect(result.packages[0]).toMatchObject({
      package_uid: null, type: 'maven', namespace: 'org.apache.tomcat', name: 'tomcat-catalina', qualifiers: { packaging: 'jar' },
      md5: '3942447fac867ae5cdb3229b658f4d48', sha1: 'e6b1000b94e835ffd37f4c6dcbdad43f4b48a02a',
      extracted_license_statement: 'Apache-2.0', declared_license_expression: 'apache-2.0',
    });
    expect(result.packages[0].parties).toEqual([{ type: 'organization', role: 'publisher', name: 'Apache', email: null, url: null }]);
  });
});

describe('invalid CycloneDX documents', () => {
  const parse = (name: string, text: string) => () => parseSbom(name, Buffer.from(text));

  it('throws a clear error naming the file', () => {
    expect(parse('x.cdx.json', '{')).toThrow(/^SBOM document "x.cdx.json" is not valid: invalid JSON/);
    expect(parse('x.cdx.json', '{"specVersion": "1.5"}')).toThrow(`SBOM document "x.cdx.json" is not valid: 'bomFormat' must be "CycloneDX"`);
    expect(parse('x.cdx.json', '{"bomFormat": "CycloneDX"}')).toThrow(/'specVersion' is a required property/);
    expect(parse('x.cdx.json', '{"bomFormat": "CycloneDX", "specVersion": "2.0"}')).toThrow(/unsupported specVersion "2.0"/);
    expect(parse('x.cdx.json', '{"bomFormat": "CycloneDX", "specVersion": "1.5", "components": {}}')).toThrow(/'components' is not a list/);
    expect(parse('x.cdx.xml', '<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components>')).toThrow(/^SBOM document "x.cdx.xml" is not valid: invalid XML/);
    expect(parse('x.cdx.xml', '<project xmlns="http://maven.apache.org/POM/4.0.0"/>')).toThrow(/not a CycloneDX <bom>/);
  });

  it('does not expand XML entities', () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE bom [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
      + '<bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1"><components><component type="library"><name>&b;</name></component></components></bom>';
    const result = parseSbom('x.cdx.xml', Buffer.from(xml));
    expect(result.packages[0].name).toBe('&b;');
  });

  it('accepts a BOM without components', () => {
    const result = parseSbom('x.cdx.json', Buffer.from('{"bomFormat": "CycloneDX", "specVersion": "1.3", "version": 1}'));
    expect(result.packages).toEqual([]);
  });
});

describe.each(['1.6', '1.7'])('CycloneDX %s JSON made by cdxgen 12.8.4 for an npm project', (version) => {
  const result = parseFixture(`cdxgen-12.8.4-npm-project-${version}.cdx.json`);

  it('keeps the project itself (metadata.component with a purl) and its locked packages', () => {
    expect(result.packages.map((p) => p.purl)).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/ms@2.1.3', 'pkg:npm/is-number@7.0.0']);
    expect(result.packages[0]).toMatchObject({ declared_license_expression: 'apache-2.0' });
    expect(result.errors).toEqual([]);
  });

  it('turns the dependsOn graph into edges from the project', () => {
    expect(edges(result)).toEqual(['pkg:npm/demo-app@2.1.0 -> pkg:npm/is-number@7.0.0', 'pkg:npm/demo-app@2.1.0 -> pkg:npm/ms@2.1.3']);
  });
});
