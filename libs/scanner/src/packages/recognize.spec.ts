import type { DatafileHandler } from './handler';
import { allHandlers } from './registry';
import { matchingHandlers } from './recognize';
import { fnmatch } from './fnmatch';

const handler = (datasourceId: string, pathPatterns: string[]): DatafileHandler => ({
  datasourceId, pathPatterns, defaultPackageType: 'generic', defaultPrimaryLanguage: null, description: '', documentationUrl: null, parse: () => [],
});

describe('matchingHandlers', () => {
  const handlers = [
    handler('manifest', ['*/package.json']),
    handler('short-tail', ['*requirement*.in', '*/Gemfile-*']),
    handler('class', ['*/[Mm]akefile']),
    handler('also-manifest', ['*package.json', '*.gemspec']),
  ];

  it('finds every handler whose patterns match, in the list order', () => {
    expect(matchingHandlers('/a/node_modules/x/package.json', handlers).map((h) => h.datasourceId)).toEqual(['manifest', 'also-manifest']);
    expect(matchingHandlers('src/requirements-dev.in', handlers).map((h) => h.datasourceId)).toEqual(['short-tail']);
    expect(matchingHandlers('/app/Gemfile-lock.rb', handlers).map((h) => h.datasourceId)).toEqual(['short-tail']);
    expect(matchingHandlers('/x/makefile', handlers).map((h) => h.datasourceId)).toEqual(['class']);
    expect(matchingHandlers('/x/readme.md', handlers)).toEqual([]);
  });

  it('agrees with every pattern of every handler tested one by one', () => {
    const registry = allHandlers();
    // Paths built from each pattern (wildcards filled in), and near misses of them.
    const paths = registry.flatMap((h) => h.pathPatterns).flatMap((p) => {
      const filled = `/root/dir${p.startsWith('*') ? '' : '/'}${p.replace(/\*/g, 'abc').replace(/\?/g, 'x').replace(/\[!?(.)[^\]]*\]/g, '$1')}`;
      return [filled, `${filled}.bak`, filled.toUpperCase(), filled.slice(0, -1)];
    });
    for (const path of paths) {
      const oneByOne = registry.filter((h) => h.pathPatterns.some((p) => fnmatch(path, p))).map((h) => h.datasourceId);
      expect([path, matchingHandlers(path, registry).map((h) => h.datasourceId)]).toEqual([path, oneByOne]);
    }
  });
});
