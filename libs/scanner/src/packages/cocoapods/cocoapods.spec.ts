import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import type { DatafileHandler } from '../handler';
import { matchingHandlers } from '../recognize';
import { handlers } from './index';
import { podfileHandler } from './podfile';
import { podfileLockHandler } from './podfile-lock';
import { podspecHandler, podspecJsonHandler } from './podspec';

const data = join(__dirname, 'testdata');
const golden = (h: DatafileHandler, rel: string) =>
  expectGolden(h.parse({ path: rel, content: readFileSync(join(data, rel)) }), join(data, `${rel.replace(/\//g, '_')}.expected.json`));

describe('cocoapods handlers', () => {
  it('match ScanCode path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('a/Podfile')).toEqual(['cocoapods_podfile']);
    expect(ids('a/Podfile.lock')).toEqual(['cocoapods_podfile_lock']);
    expect(ids('a/X.podspec')).toEqual(['cocoapods_podspec']);
    expect(ids('a/X.podspec.json')).toEqual(['cocoapods_podspec_json']);
  });

  it('parses a Podfile', () => golden(podfileHandler, 'app/Podfile'));
  it('parses a Podfile.lock', () => golden(podfileLockHandler, 'app/Podfile.lock'));
  it('parses a podspec', () => golden(podspecHandler, 'app/Trailmark.podspec'));
  it('parses a podspec.json', () => golden(podspecJsonHandler, 'Base64.podspec.json'));

  it('reports lock entries as ScanCode.io does (subspec namespaces, locked versions, checksums, sources)', () => {
    const [pd] = podfileLockHandler.parse({ path: 'Podfile.lock', content: readFileSync(join(data, 'app/Podfile.lock')) });
    const session = pd.dependencies[0];
    expect(session).toMatchObject({ purl: 'pkg:cocoapods/AFNetworking/NSURLSession@2.7.0', extracted_requirement: '2.7.0', scope: 'requires', is_runtime: false, is_optional: true, is_pinned: true, is_direct: true });
    expect(session.resolved_package).toMatchObject({ namespace: 'AFNetworking', name: 'NSURLSession', sha1: null, is_virtual: true });
    expect(session.resolved_package.dependencies?.[0]).toMatchObject({ purl: 'pkg:cocoapods/AFNetworking/Reachability@2.7.0', extracted_requirement: '2.7.0', is_direct: true });
    expect(pd.dependencies[1].is_direct).toBe(false);
    const swifty = pd.dependencies.find((d) => d.purl === 'pkg:cocoapods/SwiftyJSON@5.0.2');
    expect(swifty?.resolved_package).toMatchObject({ sha1: '576fbf26942d5ef414daad8870b1642413ecc00c', extra_data: { external_source: 'https://github.com/SwiftyJSON/SwiftyJSON/tree/af76cf3ef710b6ca5f8c05f3a31307d44a3c5828' } });
    expect(pd.dependencies.find((d) => d.purl === 'pkg:cocoapods/Quick@7.3.0')?.resolved_package).toMatchObject({ extra_data: { spec_repo: 'trunk' } });
  });

  it('keeps a locked pod without a purl, as ScanCode serializes it, and a checkout URL without its trailing slash', () => {
    const lock = 'PODS:\n  - SwiftyJSON (5.0.2)\n\nCHECKOUT OPTIONS:\n  SwiftyJSON:\n    :commit: af76cf3\n    :git: https://github.com/SwiftyJSON/SwiftyJSON/\n';
    const [pd] = podfileLockHandler.parse({ path: 'Podfile.lock', content: Buffer.from(lock) });
    expect(pd.dependencies[0].purl).toBe('pkg:cocoapods/SwiftyJSON@5.0.2');
    expect(pd.dependencies[0].resolved_package).not.toHaveProperty('purl');
    expect(pd.dependencies[0].resolved_package).toMatchObject({ name: 'SwiftyJSON', version: '5.0.2', extra_data: { external_source: 'https://github.com/SwiftyJSON/SwiftyJSON/tree/af76cf3' } });
  });

  it('throws clear messages on broken files', () => {
    expect(() => podfileLockHandler.parse({ path: 'Podfile.lock', content: Buffer.from('PODS: [a\n') })).toThrow(/^invalid Podfile.lock YAML: /);
    expect(() => podfileLockHandler.parse({ path: 'Podfile.lock', content: Buffer.from('COCOAPODS: 1.0\n') })).toThrow('invalid Podfile.lock: no PODS list');
    expect(() => podspecHandler.parse({ path: 'x.podspec', content: Buffer.from('puts 1') })).toThrow('not a podspec: no Pod::Spec.new block');
    expect(() => podspecJsonHandler.parse({ path: 'x.podspec.json', content: Buffer.from('{') })).toThrow(/^invalid podspec.json: /);
    expect(() => podfileHandler.parse({ path: 'Podfile', content: Buffer.from('\u0000') })).toThrow('not a Podfile: binary content');
  });

  it('assembles podspec + Podfile.lock + Podfile into one package over the tree', () => {
    const ctx = assembleFixture(join(data, 'app'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'app.assembly.expected.json'));
    expect(ctx.packages.map((p) => [p.purl, p.datasource_ids])).toEqual([['pkg:cocoapods/Trailmark@1.4.0', ['cocoapods_podspec', 'cocoapods_podfile_lock', 'cocoapods_podfile']]]);
  });
});
