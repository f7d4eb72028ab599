import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { assembleFixture, assemblySummary } from './fixture-view.testing';
import { handlers } from './index';
import { javaJarHandler } from './java-jar';
import { javaJarManifestHandler } from './jar-manifest';
import { mavenPomHandler } from './pom';
import { mavenPomPropertiesHandler } from './pom-properties';
import { pyReprValue as pyRepr } from '../../license/python-names';
import { parseScmConnection } from './vcs-url';

const data = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(data, rel));
const golden = (rel: string) => join(data, `${rel.replace(/\//g, '_')}.expected.json`);

describe('maven handlers', () => {
  it('match ScanCode path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('a/pom.xml')).toEqual(['maven_pom']);
    expect(ids('repo/x-1.0.pom')).toEqual(['maven_pom']);
    expect(ids('x/META-INF/maven/g/a/pom.properties')).toEqual(['maven_pom_properties']);
    expect(ids('x/META-INF/MANIFEST.MF')).toEqual(['java_jar_manifest']);
    expect(ids('lib/x.jar')).toEqual(['java_jar']);
  });

  it.each(['webapp/pom.xml', 'commons-textkit-1.7.pom', 'widget-1.4.0-jar/META-INF/maven/org.example.widgets/widget/pom.xml'])('parses POM %s', (rel) => {
    expectGolden(mavenPomHandler.parse({ path: rel, content: read(rel) }), golden(rel));
  });

  it('parses pom.properties', () => {
    const rel = 'widget-1.4.0-jar/META-INF/maven/org.example.widgets/widget/pom.properties';
    expectGolden(mavenPomPropertiesHandler.parse({ path: rel, content: read(rel) }), golden(rel));
  });

  it.each(['widget-1.4.0-jar/META-INF/MANIFEST.MF', 'osgi-bundle/META-INF/MANIFEST.MF'])('parses manifest %s', (rel) => {
    expectGolden(javaJarManifestHandler.parse({ path: rel, content: read(rel) }), golden(rel));
  });

  it('records a bare java_jar for a zip, as ScanCode does', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    expect(javaJarHandler.accepts?.(zip, 'x.jar')).toBe(true);
    expect(javaJarHandler.accepts?.(Buffer.from('not a zip'), 'x.jar')).toBe(false);
    expect(javaJarHandler.parse({ path: 'x.jar', content: zip })).toMatchObject([{ datasource_id: 'java_jar', type: null, purl: null }]);
  });

  it('yields nothing for a POM without basic coordinates', () => {
    const content = Buffer.from('<project><artifactId>x</artifactId></project>');
    expect(mavenPomHandler.parse({ path: 'pom.xml', content })).toEqual([]);
  });

  it('keeps DOCTYPE entities unexpanded', () => {
    const content = Buffer.from('<?xml version="1.0"?><!DOCTYPE project [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
      + '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><name>&b;</name></project>');
    const [pd] = mavenPomHandler.parse({ path: 'pom.xml', content });
    expect(pd.description).toBe('&b;');
  });

  it('throws a clear message on broken files', () => {
    expect(() => mavenPomHandler.parse({ path: 'pom.xml', content: Buffer.from('<project><groupId>x</project>') })).toThrow(/^invalid POM XML: /);
    expect(() => mavenPomPropertiesHandler.parse({ path: 'pom.properties', content: Buffer.from([0, 1, 2]) })).toThrow(/^invalid pom.properties/);
    expect(() => javaJarManifestHandler.parse({ path: 'META-INF/MANIFEST.MF', content: Buffer.from(' orphan\nA: b\n') })).toThrow(/^invalid MANIFEST.MF/);
  });

  it('formats values like Python repr and scm connections like ScanCode', () => {
    expect(pyRepr([{ name: "ACME's", url: null, n: 'a\nb' }])).toBe(`[{'name': "ACME's", 'url': None, 'n': 'a\\nb'}]`);
    expect(parseScmConnection('scm:git:git@github.com:acme/x.git')).toBe('git+https://github.com/acme/x.git');
    expect(parseScmConnection('scm:svn:http://svn.example.org/repo')).toBe('svn+http://svn.example.org/repo');
    expect(parseScmConnection('scm:git')).toBe('scm:git');
  });

  it('assembles a source-tree POM with its directory tree', () => {
    expectGolden(assemblySummary(assembleFixture(join(data, 'webapp'), handlers, 'webapp')), join(data, 'assembly-webapp.expected.json'));
  });

  it('assembles an extracted jar: POM + manifest into one package linked to the jar tree', () => {
    expectGolden(assemblySummary(assembleFixture(join(data, 'widget-1.4.0-jar'), handlers, 'widget-1.4.0-jar')), join(data, 'assembly-widget-jar.expected.json'));
  });

  it('assembles a manifest alone with the jar root tree', () => {
    expectGolden(assemblySummary(assembleFixture(join(data, 'osgi-bundle'), handlers, 'osgi-bundle')), join(data, 'assembly-osgi.expected.json'));
  });
});
