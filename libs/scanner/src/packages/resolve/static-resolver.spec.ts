import { packageData } from '../package-data';
import { resolveStatically } from './static-resolver';
import { packageFromData, dependenciesFromData } from '../assembly/records';

let n = 0;
const uid = () => `u${++n}`;

describe('resolveStatically', () => {
  const lockedMs = packageData('npm_package_lock_json', { type: 'npm', name: 'ms', version: '2.1.3' });
  const lockedDebug = packageData('npm_package_lock_json', {
    type: 'npm', name: 'debug', version: '4.3.4',
    dependencies: [{ purl: 'pkg:npm/ms', extracted_requirement: '2.1.2', is_direct: true }],
  });
  const lock = packageData('npm_package_lock_json', {
    type: 'npm', name: 'app', version: '1.0.0',
    dependencies: [
      { purl: 'pkg:npm/debug@4.3.4', extracted_requirement: '^4.3.4', is_direct: true, is_pinned: true, resolved_package: lockedDebug },
      { purl: 'pkg:npm/ms@2.1.3', extracted_requirement: '2.1.3', is_direct: false, is_pinned: true, resolved_package: lockedMs },
    ],
  });

  it('turns locked entries into packages, attaches their own requirements and keeps direct edges only', () => {
    const app = packageFromData(lock, 'app/package-lock.json', uid);
    const { packages, dependencies } = resolveStatically([app], dependenciesFromData(lock, 'app/package-lock.json', app.package_uid, uid), uid);
    expect(packages.map((p) => p.purl)).toEqual(['pkg:npm/app@1.0.0', 'pkg:npm/debug@4.3.4', 'pkg:npm/ms@2.1.3']);
    const purlOf = (u: string | null) => packages.find((p) => p.package_uid === u)?.purl;
    expect(dependencies.map((d) => [purlOf(d.for_package_uid), d.purl, purlOf(d.resolved_to_package_uid)])).toEqual([
      ['pkg:npm/app@1.0.0', 'pkg:npm/debug@4.3.4', 'pkg:npm/debug@4.3.4'],
      // debug's own requirement is resolved through the locked ms entry (same name).
      ['pkg:npm/debug@4.3.4', 'pkg:npm/ms', 'pkg:npm/ms@2.1.3'],
    ]);
  });

  it('fills the empty fields of an installed package from its locked entry, and replaces nothing', () => {
    const installed = packageFromData(packageData('npm_package_json', { type: 'npm', name: 'ms', version: '2.1.3', description: 'Tiny ms conversion' }), 'app/node_modules/ms/package.json', uid);
    const withIntegrity = packageData('npm_package_lock_json', { type: 'npm', name: 'ms', version: '2.1.3', sha512: 'abc', download_url: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz', description: 'other' });
    const lockDeps = packageData('npm_package_lock_json', { type: 'npm', name: 'app', version: '1.0.0', dependencies: [{ purl: 'pkg:npm/ms@2.1.3', extracted_requirement: '2.1.3', is_direct: true, is_pinned: true, resolved_package: withIntegrity }] });
    const { packages } = resolveStatically([installed], dependenciesFromData(lockDeps, 'app/package-lock.json', null, uid), uid);
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ sha512: 'abc', download_url: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz', description: 'Tiny ms conversion', datafile_paths: ['app/node_modules/ms/package.json'] });
  });

  it('gives locked packages no datafile of their own and links the lockfile that lists them (ScanCode.io)', () => {
    const app = packageFromData(lock, 'app/package-lock.json', uid);
    const { packages, links } = resolveStatically([app], dependenciesFromData(lock, 'app/package-lock.json', app.package_uid, uid), uid);
    expect(packages.map((p) => [p.purl, p.datafile_paths, p.datasource_ids])).toEqual([
      ['pkg:npm/app@1.0.0', ['app/package-lock.json'], ['npm_package_lock_json']],
      ['pkg:npm/debug@4.3.4', [], ['npm_package_lock_json']],
      ['pkg:npm/ms@2.1.3', [], ['npm_package_lock_json']],
    ]);
    expect(links).toEqual(packages.slice(1).map((p) => ({ path: 'app/package-lock.json', package_uid: p.package_uid })));
  });

  it('computes the purl of a locked package kept without one (cocoapods, swift show-dependencies)', () => {
    const { purl: _purl, ...bare } = packageData('cocoapods_podfile_lock', { type: 'cocoapods', namespace: 'AFNetworking', name: 'Security', version: '2.7.0', is_virtual: true });
    const podLock = packageData('cocoapods_podfile_lock', { type: 'cocoapods', dependencies: [{ purl: 'pkg:cocoapods/AFNetworking/Security@2.7.0', is_direct: true, is_pinned: true, resolved_package: bare as never }] });
    const { packages, dependencies } = resolveStatically([], dependenciesFromData(podLock, 'Podfile.lock', null, uid), uid);
    expect(packages.map((p) => p.purl)).toEqual(['pkg:cocoapods/AFNetworking/Security@2.7.0']);
    expect(dependencies.map((d) => d.resolved_to_package_uid)).toEqual([packages[0].package_uid]);
  });

  it('does not create packages from a lockfile shipped inside an installed package', () => {
    const path = 'app/node_modules/debug/package-lock.json';
    const { packages } = resolveStatically([], dependenciesFromData(lock, path, null, uid), uid);
    expect(packages).toEqual([]);
  });
});
