import { url2purl } from './url2purl';

describe('url2purl', () => {
  it.each([
    ['https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz', 'pkg:npm/lodash@4.17.21'],
    ['https://registry.npmjs.org/lodash-es/-/lodash-es-4.17.21.tgz', 'pkg:npm/lodash-es@4.17.21'],
    ['https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz', 'pkg:npm/lodash@4.17.21'],
    ['https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz', 'pkg:npm/%40babel/core@7.24.0'],
    ['https://registry.npmjs.org/@types/node/-/node-20.0.0-beta.1.tgz', 'pkg:npm/%40types/node@20.0.0-beta.1'],
    ['https://registry.npmjs.org/react/-/react-18.3.0-next-3e1b0ce2b-20240101.tgz', 'pkg:npm/react@18.3.0-next-3e1b0ce2b-20240101'],
    ['https://registry.npmjs.org/foo/-/foo-1.0.0-beta-2.tgz', 'pkg:npm/foo@1.0.0-beta-2'],
  ])('npm: %s', (url, purl) => {
    expect(url2purl(url)).toBe(purl);
  });

  it.each([
    ['https://files.pythonhosted.org/packages/aa/bb/cc/requests-2.31.0.tar.gz', 'pkg:pypi/requests@2.31.0'],
    ['https://files.pythonhosted.org/packages/aa/bb/Flask_Login-0.6.3.tar.gz', 'pkg:pypi/flask-login@0.6.3'],
    ['https://files.pythonhosted.org/packages/aa/bb/requests-2.31.0-py3-none-any.whl', 'pkg:pypi/requests@2.31.0'],
    ['https://files.pythonhosted.org/packages/aa/bb/zope.interface-6.0-cp311-cp311-manylinux_2_17_x86_64.whl', 'pkg:pypi/zope.interface@6.0'],
    ['https://files.pythonhosted.org/packages/aa/bb/pkg-1.0.zip', 'pkg:pypi/pkg@1.0'],
  ])('pypi: %s', (url, purl) => {
    expect(url2purl(url)).toBe(purl);
  });

  it.each([
    ['https://repo1.maven.org/maven2/org/apache/commons/commons-lang3/3.14.0/commons-lang3-3.14.0.jar', 'pkg:maven/org.apache.commons/commons-lang3@3.14.0'],
    ['https://repo1.maven.org/maven2/org/apache/commons/commons-lang3/3.14.0/commons-lang3-3.14.0-sources.jar', 'pkg:maven/org.apache.commons/commons-lang3@3.14.0?classifier=sources'],
    ['https://repo.maven.apache.org/maven2/junit/junit/4.13.2/junit-4.13.2.jar', 'pkg:maven/junit/junit@4.13.2'],
    ['https://repo1.maven.org/maven2/junit/junit/4.13.2/junit-4.13.2.pom', 'pkg:maven/junit/junit@4.13.2?type=pom'],
    ['https://repo1.maven.org/maven2/org/x/app/1.0/app-1.0-web.war', 'pkg:maven/org.x/app@1.0?classifier=web&type=war'],
  ])('maven: %s', (url, purl) => {
    expect(url2purl(url)).toBe(purl);
  });

  it.each([
    ['https://crates.io/api/v1/crates/rand/0.8.5/download', 'pkg:cargo/rand@0.8.5'],
    ['https://rubygems.org/downloads/rails-7.1.3.gem', 'pkg:gem/rails@7.1.3'],
    ['https://rubygems.org/downloads/i18n-js-3.0.11.gem', 'pkg:gem/i18n-js@3.0.11'],
    ['https://www.nuget.org/api/v2/package/Newtonsoft.Json/13.0.3', 'pkg:nuget/Newtonsoft.Json@13.0.3'],
    ['https://nuget.org/api/v2/package/Serilog/3.1.1/', 'pkg:nuget/Serilog@3.1.1'],
  ])('other registries: %s', (url, purl) => {
    expect(url2purl(url)).toBe(purl);
  });

  it('ignores a URL fragment', () => {
    expect(url2purl('https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz#sha512-abc')).toBe('pkg:npm/lodash@4.17.21');
  });

  it.each([
    'https://example.com/archive-1.0.tar.gz',
    'https://github.com/org/repo/archive/v1.0.zip',
    'https://registry.npmjs.org/lodash',
    'https://registry.npmjs.org/lodash/-/other-4.17.21.tgz',
    'https://files.pythonhosted.org/packages/aa/bb/readme.txt',
    'https://repo1.maven.org/maven2/junit/junit/4.13.2/other-4.13.2.jar',
    'https://crates.io/crates/rand',
    'docker://alpine:3.19',
    '',
  ])('maps %j to nothing', (url) => {
    expect(url2purl(url)).toBe('');
  });
});
