import { LicenseReviewCollector } from './review-collector';
import { pyReprString, sha1Hex, uuidFromHex } from '../license/python-names';

const match = (expression: string, coverage = 100, relevance = 100) => ({ license_expression: expression, matcher: coverage < 100 ? '3-seq' : '2-aho', score: (coverage * relevance) / 100, match_coverage: coverage, rule_relevance: relevance, rule_identifier: `${expression}_1.RULE` });
const detection = (identifier: string, expression: string, matches = [match(expression)]) => ({ license_expression: expression, license_expression_spdx: 'X', matches, identifier });
const record = (path: string, license_detections: unknown[], package_data: unknown[] = []) => ({ path, license_detections, license_clues: [], clueGroups: [], package_data });

describe('the --todo review list', () => {
  it('keeps one item per kind, the last unique detection of it, where the kind first appeared', () => {
    const c = new LicenseReviewCollector();
    c.note(record('a/1', [detection('mit-1', 'mit', [match('mit', 80)])]));
    c.note(record('a/2', [detection('unknown-1', 'unknown', [match('unknown')])]));
    c.note(record('a/3', [detection('bsd-1', 'bsd-new', [match('bsd-new', 90)]), detection('mit-1', 'mit', [match('mit', 80)])]));
    c.note(record('a/4', [detection('bsd-1', 'bsd-new', [match('bsd-new', 90)]), detection('apache-1', 'apache-2.0')]));
    const { todo, forTodo } = c.finish(null);
    expect(todo.map((t) => (t as { detection_id: string }).detection_id)).toEqual(['bsd-1', 'unknown-1']);
    expect(forTodo.get('a/3')).toEqual(['bsd-1']);
    expect(forTodo.get('a/4')).toEqual(['bsd-1']);
    expect(forTodo.has('a/1')).toBe(false);
    expect(Object.keys((todo[0] as { detection: object }).detection)).toEqual(['license_expression', 'license_expression_spdx', 'matches', 'detection_log', 'identifier']);
  });

  it('names package data no package was made of after its package URL and a uuid of (purl, declared license, path)', () => {
    const c = new LicenseReviewCollector();
    c.note(record('p/setup.py', [], [{ type: 'pypi', purl: 'pkg:pypi/x@1', declared_license_expression: null }]));
    c.note(record('p/package.json', [], [{ type: 'npm', purl: 'pkg:npm/y@2', declared_license_expression: 'mit' }]));
    const { todo } = c.finish({ packages: [{ purl: 'pkg:npm/y@2' }], dependencies: [], forPackages: new Map() });
    const uuid = uuidFromHex(sha1Hex(`((${pyReprString('pkg:pypi/x@1')}, None, ${pyReprString('p/setup.py')}),)`));
    expect(todo).toEqual([{ detection_id: `pkg:pypi/x@1-${uuid}`, review_comments: { 'cannot-create-top-level-package': expect.any(String) }, detection: { type: 'pypi', purl: 'pkg:pypi/x@1', declared_license_expression: null } }]);
  });
});
