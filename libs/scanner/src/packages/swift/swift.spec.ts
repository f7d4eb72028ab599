import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { namespaceAndName } from './common';
import { handlers, swiftManifestJsonHandler, swiftPackageResolvedHandler, swiftShowDependenciesHandler } from './index';

const data = join(__dirname, 'testdata');
const read = (p: string) => readFileSync(join(data, p));

describe('swift handlers', () => {
  it('match ScanCode path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('Package.resolved')).toEqual(['swift_package_resolved']);
    expect(ids('a/.package.resolved')).toEqual(['swift_package_resolved']);
    expect(ids('a/Package.swift.json')).toEqual(['swift_package_manifest_json']);
    expect(ids('a/Package.swift.deplock')).toEqual(['swift_package_manifest_json']);
    expect(ids('a/Package.swift')).toEqual([]);
    expect(ids('a/swift-show-dependencies.deplock')).toEqual(['swift_package_show_dependencies']);
  });

  it('names packages from the repository host and path', () => {
    expect(namespaceAndName('https://github.com/apple/swift-argument-parser.git')).toEqual({ namespace: 'github.com/apple', name: 'swift-argument-parser' });
    expect(namespaceAndName('git@github.com:SwiftyJSON/SwiftyJSON.git')).toEqual({ namespace: 'github.com/SwiftyJSON', name: 'SwiftyJSON' });
  });

  it('parses Package.swift.json', () => {
    expectGolden(swiftManifestJsonHandler.parse({ path: 'app/Package.swift.json', content: read('app/Package.swift.json') }), join(data, 'app_Package.swift.json.expected.json'));
  });

  it('parses Package.resolved v3', () => {
    expectGolden(swiftPackageResolvedHandler.parse({ path: 'app/Package.resolved', content: read('app/Package.resolved') }), join(data, 'app_Package.resolved.expected.json'));
  });

  it('parses Package.resolved v1', () => {
    const [pd] = swiftPackageResolvedHandler.parse({ path: 'standalone/Package.resolved', content: read('standalone/Package.resolved') });
    expect(pd.dependencies.map((d) => [d.purl, d.extracted_requirement, d.is_pinned])).toEqual([
      ['pkg:swift/github.com/Alamofire/Alamofire@5.4.3', '5.4.3', true],
      ['pkg:swift/github.com/SwiftyJSON/SwiftyJSON@b3dcd7dbd0d488e1a7077cb33b00f2083e382f07', 'b3dcd7dbd0d488e1a7077cb33b00f2083e382f07', true],
    ]);
    expect(pd.dependencies[0].resolved_package).toMatchObject({ namespace: 'github.com/Alamofire', name: 'Alamofire', version: '5.4.3', datasource_id: 'swift_package_resolved' });
  });

  it('parses swift-show-dependencies.deplock: the root\'s package, every node of the graph as a pinned dependency with its locked package', () => {
    const [pd] = swiftShowDependenciesHandler.parse({ path: 'graph/swift-show-dependencies.deplock', content: read('graph/swift-show-dependencies.deplock') });
    expect([pd.purl, pd.name, pd.datasource_id, pd.primary_language]).toEqual(['pkg:swift/Trailhead', 'Trailhead', 'swift_package_show_dependencies', 'Swift']);
    expect(pd.dependencies.map((d) => [d.purl, d.extracted_requirement, d.is_direct, d.is_pinned, d.is_runtime])).toEqual([
      ['pkg:swift/github.com/vapor/vapor@4.92.1', '4.92.1', true, true, false],
      ['pkg:swift/github.com/apple/swift-log@1.5.3', '1.5.3', true, true, false],
      ['pkg:swift/github.com/apple/swift-nio@2.62.0', '2.62.0', false, true, false],
    ]);
    const vapor = pd.dependencies[0].resolved_package as Record<string, unknown>;
    // As ScanCode serializes a locked package there: no purl field.
    expect(vapor).not.toHaveProperty('purl');
    expect(vapor).toMatchObject({ namespace: 'github.com/vapor', name: 'vapor', version: '4.92.1', is_virtual: true, datasource_id: 'swift_package_show_dependencies' });
    expect((vapor['dependencies'] as { purl: string; is_direct: boolean }[]).map((d) => [d.purl, d.is_direct])).toEqual([['pkg:swift/github.com/apple/swift-nio@2.62.0', true]]);
  });

  it('assembles a lone swift-show-dependencies.deplock into the package of its tree', () => {
    const ctx = assembleFixture(join(data, 'graph'), handlers);
    expect(ctx.packages.map((p) => [p.purl, p.datasource_ids])).toEqual([['pkg:swift/Trailhead', ['swift_package_show_dependencies']]]);
    expect(ctx.dependencies.map((d) => [d.purl, d.for_package_uid === ctx.packages[0].package_uid])).toEqual([
      ['pkg:swift/github.com/vapor/vapor@4.92.1', true], ['pkg:swift/github.com/apple/swift-log@1.5.3', true], ['pkg:swift/github.com/apple/swift-nio@2.62.0', true],
    ]);
    expect([...ctx.links.keys()].sort()).toEqual(['Sources', 'Sources/main.swift', 'swift-show-dependencies.deplock']);
  });

  it('takes the dependencies of a manifest from its sibling dependency graph', () => {
    const ctx = assembleFixture(join(data, 'graph-manifest'), handlers);
    expect(ctx.packages.map((p) => [p.purl, p.datasource_ids, p.datafile_paths])).toEqual([
      ['pkg:swift/Trailhead', ['swift_package_manifest_json', 'swift_package_show_dependencies'], ['Package.swift.json', 'swift-show-dependencies.deplock']],
    ]);
    expect(ctx.dependencies.map((d) => [d.purl, d.datafile_path, d.datasource_id])).toEqual([
      ['pkg:swift/github.com/vapor/vapor@4.92.1', 'Package.swift.json', 'swift_package_manifest_json'],
      ['pkg:swift/github.com/apple/swift-log@1.5.3', 'Package.swift.json', 'swift_package_manifest_json'],
      ['pkg:swift/github.com/apple/swift-nio@2.62.0', 'Package.swift.json', 'swift_package_manifest_json'],
    ]);
  });

  it('throws clear messages on broken files', () => {
    expect(() => swiftPackageResolvedHandler.parse({ path: 'Package.resolved', content: Buffer.from('{"pins": [') })).toThrow(/^invalid Package.resolved: /);
    expect(() => swiftPackageResolvedHandler.parse({ path: 'Package.resolved', content: Buffer.from('{"version": 9, "pins": []}') })).toThrow('invalid Package.resolved: unsupported version 9');
    expect(() => swiftManifestJsonHandler.parse({ path: 'Package.swift.json', content: Buffer.from('[]') })).toThrow('invalid Package.swift.json: not a JSON object');
    expect(() => swiftShowDependenciesHandler.parse({ path: 'swift-show-dependencies.deplock', content: Buffer.from('{') })).toThrow(/^invalid swift-show-dependencies.deplock: /);
  });

  it('assembles Package.swift.json + Package.resolved into one package over the tree', () => {
    const ctx = assembleFixture(join(data, 'app'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'app.assembly.expected.json'));
    expect(ctx.packages).toHaveLength(1);
    expect(ctx.packages[0].datasource_ids).toEqual(['swift_package_manifest_json', 'swift_package_resolved']);
    expect(ctx.dependencies.every((d) => d.datasource_id === 'swift_package_manifest_json')).toBe(true);
  });

  it('assembles a lone Package.resolved as project dependencies', () => {
    const ctx = assembleFixture(join(data, 'standalone'), handlers);
    expect(ctx.packages).toHaveLength(0);
    expect(ctx.dependencies.map((d) => [d.purl, d.for_package_uid])).toEqual([
      ['pkg:swift/github.com/Alamofire/Alamofire@5.4.3', null],
      ['pkg:swift/github.com/SwiftyJSON/SwiftyJSON@b3dcd7dbd0d488e1a7077cb33b00f2083e382f07', null],
    ]);
  });
});
