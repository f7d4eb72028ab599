import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import type { DatafileHandler } from '../handler';
import { assembleFixture, assemblySummary } from '../maven/fixture-view.testing';
import { matchingHandlers } from '../recognize';
import { handlers } from './index';
import { nugetNupkgHandler } from './nupkg';
import { nugetNuspecHandler } from './nuspec';
import { nugetPackagesLockHandler } from './packages-lock';
import { nugetCsprojHandler, nugetPackagesConfigHandler } from './project-references';

const data = join(__dirname, 'testdata');
const parse = (h: DatafileHandler, rel: string) => h.parse({ path: rel, content: readFileSync(join(data, rel)) });
const golden = (rel: string) => join(data, `${rel.replace(/\//g, '_')}.expected.json`);

describe('nuget handlers', () => {
  it('match path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('x/A.nuspec')).toEqual(['nuget_nupsec']);
    expect(ids('x/A.1.0.nupkg')).toEqual(['nuget_nupkg']);
    expect(ids('x/packages.lock.json')).toEqual(['nuget_packages_lock']);
    expect(ids('packages.config')).toEqual(['nuget_packages_config']);
    expect(ids('src/App.fsproj')).toEqual(['nuget_csproj']);
  });

  it.each([
    ['Acme.Logging.nuspec', nugetNuspecHandler],
    ['Acme.Logging.3.2.1.nupkg', nugetNupkgHandler],
    ['app/packages.lock.json', nugetPackagesLockHandler],
    ['app/Acme.Cli.csproj', nugetCsprojHandler],
    ['legacy/packages.config', nugetPackagesConfigHandler],
  ] as const)('parses %s', (rel, handler) => {
    expectGolden(parse(handler, rel), golden(rel));
  });

  it('throws a clear message on broken files', () => {
    const xml = Buffer.from('<package><metadata><id>x</metadata></package>');
    expect(() => nugetNuspecHandler.parse({ path: 'x.nuspec', content: xml })).toThrow(/^invalid nuspec XML: /);
    expect(() => nugetPackagesConfigHandler.parse({ path: 'packages.config', content: xml })).toThrow(/^invalid packages.config XML: /);
    expect(() => nugetCsprojHandler.parse({ path: 'a.csproj', content: xml })).toThrow(/^invalid project XML: /);
    expect(() => nugetPackagesLockHandler.parse({ path: 'packages.lock.json', content: Buffer.from('{"dependencies": {') })).toThrow(/^invalid packages.lock.json: /);
    const nupkg = readFileSync(join(data, 'Acme.Logging.3.2.1.nupkg'));
    expect(() => nugetNupkgHandler.parse({ path: 'a.nupkg', content: nupkg.subarray(0, nupkg.length - 30) })).toThrow(/^invalid nupkg: /);
    expect(() => nugetNupkgHandler.parse({ path: 'a.nupkg', content: nupkg.subarray(0, 200) })).toThrow(/^invalid nupkg: /);
  });

  it('assembles a project: lockfile and project file dependencies stay project-level, nuspec makes a package', () => {
    expectGolden(assemblySummary(assembleFixture(data, handlers)), join(data, 'assembly.expected.json'));
  });
});
