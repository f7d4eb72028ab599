import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { recognizePackageData } from '../recognize';
import { populateLicenseFields } from '../license-fields';
import { handlers } from './index';

const dir = join(__dirname, 'testdata');
const byId = new Map(handlers.map((h) => [h.datasourceId, h]));

function recognize(rel: string) {
  const result = recognizePackageData(`codebase/${rel}`, readFileSync(join(dir, rel)), handlers);
  expect(result.errors).toEqual([]);
  return result.packageData;
}

describe('npm family golden files', () => {
  const cases: [string, string][] = [
    ['basic/package.json', 'npm_package_json'],
    ['legacy/package.json', 'npm_package_json'],
    ['lock-v1/package-lock.json', 'npm_package_lock_json'],
    ['lock-v3/package-lock.json', 'npm_package_lock_json'],
    ['shrinkwrap/npm-shrinkwrap.json', 'npm_shrinkwrap_json'],
    ['yarn-v1/yarn.lock', 'yarn_lock_v1'],
    ['yarn-v2/yarn.lock', 'yarn_lock_v2'],
    ['pnpm-v5/pnpm-lock.yaml', 'pnpm_lock_yaml'],
    ['pnpm-v6/pnpm-lock.yaml', 'pnpm_lock_yaml'],
    ['pnpm-v9/pnpm-lock.yaml', 'pnpm_lock_yaml'],
    ['pnpm-shrinkwrap/shrinkwrap.yaml', 'pnpm_shrinkwrap_yaml'],
    ['pnpm-workspace/pnpm-workspace.yaml', 'pnpm_workspace_yaml'],
    ['bower/bower.json', 'bower_json'],
  ];
  it.each(cases)('%s is parsed by %s only', (rel, datasourceId) => {
    const data = recognize(rel);
    expect(data.map((d) => d.datasource_id)).toEqual([datasourceId]);
    expectGolden(data, join(dir, `${rel.replace(/\//g, '_')}.expected.json`));
  });

  it('matches the hidden lockfile and .bower.json', () => {
    const lock = readFileSync(join(dir, 'lock-v3/package-lock.json'));
    expect(recognizePackageData('x/node_modules/.package-lock.json', lock, handlers).packageData[0].datasource_id).toBe('npm_package_lock_json');
    const bower = readFileSync(join(dir, 'bower/bower.json'));
    expect(recognizePackageData('x/.bower.json', bower, handlers).packageData[0].datasource_id).toBe('bower_json');
  });
});

describe('npm family key facts', () => {
  it('package.json: scoped purl, URLs, vcs, license, scopes, optional override, alias', () => {
    const [pd] = recognize('basic/package.json');
    expect(pd.purl).toBe('pkg:npm/%40acme/http-kit@2.4.1');
    expect(pd.repository_download_url).toBe('https://registry.npmjs.org/@acme/http-kit/-/http-kit-2.4.1.tgz');
    expect(pd.api_data_url).toBe('https://registry.npmjs.org/@acme%2fhttp-kit/2.4.1');
    expect(pd.vcs_url).toBe('git+https://github.com/acme/http-kit.git');
    // ScanCode 32.x keeps the declared licenses as a list until license detection.
    expect(pd.extracted_license_statement).toEqual(['MIT']);
    expect(pd.extra_data).toEqual({ engines: { node: '>=18' }, packageManager: 'npm@10.2.4' });
    const fsevents = pd.dependencies.filter((d) => d.purl === 'pkg:npm/fsevents');
    expect(fsevents).toHaveLength(1);
    expect(fsevents[0]).toMatchObject({ scope: 'optionalDependencies', is_optional: true, extracted_requirement: '^2.3.2' });
    expect(pd.dependencies.find((d) => d.purl === 'pkg:npm/strip-ansi')?.extracted_requirement).toBe('^6.0.1');
    expect(pd.dependencies.find((d) => d.scope === 'bundledDependencies')?.purl).toBe('pkg:npm/ms');
  });

  it('package.json: private has no registry URLs; legacy licenses become a YAML list', () => {
    const [pd] = recognize('legacy/package.json');
    expect(pd.is_private).toBe(true);
    expect(pd.repository_homepage_url).toBeNull();
    expect(pd.vcs_url).toBe('https://github.com/acme/old-widget@5c1f0b7a9e3d2c4b6a8f0e1d3c5b7a9f1e3d5c7b');
    expect(pd.extracted_license_statement).toEqual([{ type: 'MIT', url: 'https://github.com/acme/old-widget/raw/master/LICENSE' }, 'Apache-2.0']);
    // License detection (not package_only) turns it into ScanCode's YAML text.
    populateLicenseFields(pd, 'legacy/package.json');
    expect(pd.extracted_license_statement).toBe('- type: MIT\n  url: https://github.com/acme/old-widget/raw/master/LICENSE\n- Apache-2.0\n');
    expect(pd.sha1).toBe('a124386bce4a90506f28ad4b1d1a804a17baaf32');
    expect(pd.keywords).toEqual(['widget', 'ui', 'legacy']);
  });

  it('package-lock v3: direct flags from the root entry, nested paths, aliases, links, dev', () => {
    const [pd] = recognize('lock-v3/package-lock.json');
    const locked = pd.dependencies.filter((d) => d.is_pinned);
    const summary = locked.map((d) => [d.purl, d.scope, d.is_direct, d.is_optional]);
    expect(summary).toEqual([
      ['pkg:npm/%40acme/cart@0.2.0', 'dependencies', false, false],
      ['pkg:npm/%40types/ms@0.7.34', 'devDependencies', true, true],
      ['pkg:npm/debug@2.6.9', 'dependencies', true, false],
      ['pkg:npm/fsevents@2.3.3', 'dependencies', true, true],
      ['pkg:npm/ms@2.0.0', 'dependencies', false, false],
      ['pkg:npm/send@0.19.0', 'dependencies', true, false],
      ['pkg:npm/ms@2.1.3', 'dependencies', false, false],
      ['pkg:npm/strip-ansi@6.0.1', 'dependencies', true, false],
    ]);
    const debug = locked[2].resolved_package;
    expect('dependencies' in debug && debug.dependencies.map((d) => [d.purl, d.extracted_requirement, d.is_pinned])).toEqual([['pkg:npm/ms', '2.0.0', true]]);
    expect('sha512' in debug && debug.sha512).toMatch(/^6c2ec496/);
  });

  it('package-lock v1: nested dependencies are locked packages too; sha1 from the URL fragment', () => {
    const [pd] = recognize('lock-v1/package-lock.json');
    expect(pd.dependencies.map((d) => d.purl)).toEqual([
      'pkg:npm/debug@2.6.9', 'pkg:npm/ms@2.0.0', 'pkg:npm/send@0.19.0', 'pkg:npm/ms@2.1.3', 'pkg:npm/mocha-lite@1.0.2', 'pkg:npm/fsevents@2.3.3',
    ]);
    const ms = pd.dependencies[1].resolved_package;
    expect('sha1' in ms && [ms.download_url, ms.sha1]).toEqual(['https://registry.npmjs.org/ms/-/ms-2.0.0.tgz', '6b4ad9de3ab3ea7e4b5cd2b0e8a1b3d5c7e9f0a1']);
  });

  it('yarn v1 and v2: requirement from the entry key, alias to the real package, direct from the workspace', () => {
    const [v1] = recognize('yarn-v1/yarn.lock');
    expect(v1.dependencies.map((d) => [d.purl, d.extracted_requirement])).toEqual([
      ['pkg:npm/%40types/ms@0.7.34', '^0.7.34'],
      ['pkg:npm/debug@2.6.9', '2.6.9 ^2.6.0'],
      ['pkg:npm/fsevents@2.3.3', '~2.3.2'],
      ['pkg:npm/ms@2.0.0', '2.0.0'],
      ['pkg:npm/string-width@4.2.3', '^4.2.0 ^4.2.0'],
    ]);
    const [v2] = recognize('yarn-v2/yarn.lock');
    expect(v2.dependencies.map((d) => [d.purl, d.is_direct])).toEqual([
      ['pkg:npm/%40types/ms@0.7.34', true],
      ['pkg:npm/debug@2.6.9', true],
      ['pkg:npm/ms@2.0.0', false],
      ['pkg:npm/string-width@4.2.3', true],
    ]);
  });

  it('pnpm: the three key formats give the same purl shapes', () => {
    const purls = (rel: string) => recognize(rel)[0].dependencies.map((d) => d.purl);
    expect(purls('pnpm-v5/pnpm-lock.yaml')).toContain('pkg:npm/%40react-spring/animated@9.5.5');
    expect(purls('pnpm-v6/pnpm-lock.yaml')).toContain('pkg:npm/react-dom@18.2.0');
    expect(purls('pnpm-v9/pnpm-lock.yaml')).toContain('pkg:npm/%40dcloudio/uni-app@3.0.0-4020920240930001');
    expect(purls('pnpm-shrinkwrap/shrinkwrap.yaml')).toEqual(['pkg:npm/vue@2.5.16', 'pkg:npm/vue-loader@14.2.2']);
    const v9 = recognize('pnpm-v9/pnpm-lock.yaml')[0];
    expect(v9.dependencies.map((d) => [d.purl, d.scope, d.is_direct])).toEqual([
      ['pkg:npm/%40dcloudio/uni-app@3.0.0-4020920240930001', 'dependencies', true],
      ['pkg:npm/sass@1.77.0', 'devDependencies', true],
      ['pkg:npm/vue@3.4.21', 'dependencies', true],
    ]);
  });
});

describe('broken files throw a clear message', () => {
  const broken: [string, string, RegExp][] = [
    ['npm_package_json', '{ "name": "x", ', /^invalid package\.json: /],
    ['npm_package_lock_json', '[1, 2]', /^invalid package-lock\.json: the top level is not a JSON object/],
    ['npm_shrinkwrap_json', '{"lockfileVersion": 2,,}', /^invalid npm-shrinkwrap\.json: /],
    ['yarn_lock_v1', '# yarn lockfile v1\n\nleft-pad@^1.0.0:\n   version "1.3.0"\n', /^invalid yarn\.lock \(v1\): line 4: odd indentation/],
    ['yarn_lock_v2', '__metadata:\n  version: 6\n"a@npm:1": [\n', /^invalid yarn\.lock \(v2\): /],
    ['pnpm_lock_yaml', 'lockfileVersion: 5.4\npackages:\n  /a/1.0.0: {resolution: [unclosed\n', /^invalid pnpm-lock\.yaml: /],
    ['pnpm_lock_yaml', 'lockfileVersion: 2\npackages: {}\n', /^unknown pnpm lockfile version: 2/],
    ['pnpm_shrinkwrap_yaml', 'just a string', /^invalid shrinkwrap\.yaml: the top level is not a mapping/],
    ['pnpm_workspace_yaml', 'packages: packages/*\n', /^invalid pnpm-workspace\.yaml: "packages" is not a list/],
    ['bower_json', '{"name": "x" "version": "1"}', /^invalid bower\.json: /],
  ];
  it.each(broken)('%s: %j', (id, text, message) => {
    const handler = byId.get(id);
    expect(() => handler?.parse({ path: 'x', content: Buffer.from(text) })).toThrow(message);
  });

  it('a broken file becomes a scan error, not a crash', () => {
    const result = recognizePackageData('p/package.json', Buffer.from('{ "name": "half-written",\n'), handlers);
    expect(result.packageData).toEqual([]);
    expect(result.errors[0]).toMatch(/^ERROR: for scanner: packages:\nnpm_package_json: invalid package\.json: /);
  });
});
