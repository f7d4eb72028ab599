import { makePackage } from './__fixtures__/sbom-project.testing';
import { productOf, TopLevelPackage } from './product';

const pkg = (name: string, datafile: string, extra = {}) => makePackage({ name, package_uid: `pkg:npm/${name}?uuid=1`, version: '1.2.3', datafile_paths: [datafile], datasource_ids: ['npm_package_json'], ...extra });

describe('productOf', () => {
  it('takes product_name and product_version from the project settings first', () => {
    expect(productOf('project', { product_name: 'Shop', product_version: '2026.1' }, pkg('app', 'app/package.json'))).toMatchObject({ name: 'Shop', version: '2026.1' });
  });

  it('takes the version and the supplier from the codebase\'s top-level package', () => {
    const top = new TopLevelPackage();
    top.offer(pkg('dep', 'app.tgz-extract/app/node_modules/dep/package.json'));
    // A package that only the product's lockfile names, beside the product's manifest.
    top.offer(pkg('locked', 'app.tgz-extract/app/package-lock.json', { datasource_ids: ['npm_package_lock_json'] }));
    const app = pkg('app', 'app.tgz-extract/app/package.json', {
      parties: [{ type: 'person', role: 'author', name: 'Jane Doe', email: 'jane@example.org', url: 'https://jane.example.org' }],
      bug_tracking_url: 'https://example.org/app/issues',
    });
    top.offer(app);
    expect(top.package).toBe(app);
    expect(productOf('project', {}, top.package)).toEqual({
      name: 'project',
      version: '1.2.3',
      supplier: { name: 'Jane Doe', urls: ['https://jane.example.org', 'https://example.org/app/issues'], contact: [{ name: 'Jane Doe', email: 'jane@example.org' }] },
    });
  });

  it('invents nothing: two packages at the top, or none, give no version and no supplier', () => {
    const top = new TopLevelPackage();
    top.offer(pkg('a', 'x/a/package.json'));
    top.offer(pkg('b', 'x/b/setup.py'));
    expect(top.package).toBeNull();
    expect(productOf('project', {}, top.package)).toEqual({ name: 'project', version: undefined, supplier: undefined });
    expect(productOf('project', { product_version: ' ' }, null).version).toBeUndefined();
  });
});
