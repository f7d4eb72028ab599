import { detectSbom } from './detect';
import { fixture } from './test-helpers.testing';

describe('detectSbom', () => {
  const empty = Buffer.from('');

  it('decides by the ScanCode.io SBOM extensions first', () => {
    expect(detectSbom('a/x.spdx.json', empty)).toBe('spdx-json');
    expect(detectSbom('x.spdx.yml', empty)).toBe('spdx-yaml');
    expect(detectSbom('x.SPDX.YAML', empty)).toBe('spdx-yaml');
    expect(detectSbom('bom.json', empty)).toBe('cyclonedx-json');
    expect(detectSbom('app.cdx.json', empty)).toBe('cyclonedx-json');
    expect(detectSbom('bom.xml', empty)).toBe('cyclonedx-xml');
    expect(detectSbom('app.cdx.xml', empty)).toBe('cyclonedx-xml');
  });

  it('sniffs the syntax of .spdx files', () => {
    expect(detectSbom('x.spdx', fixture('hand-written-2.2.spdx'))).toBe('spdx-tv');
    expect(detectSbom('x.spdx', Buffer.from('{"SPDXID": "SPDXRef-DOCUMENT"}'))).toBe('spdx-json');
    expect(detectSbom('x.spdx', Buffer.from('spdxVersion: SPDX-2.3\n'))).toBe('spdx-yaml');
  });

  it('sniffs .json, .xml and .yaml content', () => {
    expect(detectSbom('sbom.json', fixture('trivy-style-1.5.cdx.json'))).toBe('cyclonedx-json');
    expect(detectSbom('sbom.json', fixture('syft-style.spdx.json'))).toBe('spdx-json');
    expect(detectSbom('package.json', Buffer.from('{"name": "x"}'))).toBeNull();
    expect(detectSbom('broken.json', Buffer.from('{'))).toBeNull();
    expect(detectSbom('sbom.xml', fixture('hand-written-1.6.cdx.xml'))).toBe('cyclonedx-xml');
    expect(detectSbom('pom.xml', Buffer.from('<project xmlns="http://maven.apache.org/POM/4.0.0"/>'))).toBeNull();
    expect(detectSbom('sbom.yaml', fixture('hand-written.spdx.yml'))).toBe('spdx-yaml');
    expect(detectSbom('config.yml', Buffer.from('a: 1'))).toBeNull();
  });

  it('ignores other files', () => {
    expect(detectSbom('README.md', Buffer.from('SPDXVersion: SPDX-2.3'))).toBeNull();
  });
});
