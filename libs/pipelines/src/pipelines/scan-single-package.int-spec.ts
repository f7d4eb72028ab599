import { join } from 'node:path';
import { PIPELINE_INPUTS, usePipelineHarness, type HarnessResult } from '@sca/testing';

const harness = usePipelineHarness();
const IS_NPM = join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz');

/** What the tests read of the summary document; the rest is compared by key. */
interface Summary {
  license_clarity_score: { score: number };
  key_files: { path: string; content: string }[];
  key_files_packages: { purl: string }[];
  [key: string]: unknown;
}

/** The newest `*summary*.json` of output/, as the API's `summary/` serves it. */
function summaryOf(r: HarnessResult): Summary {
  const name = Object.keys(r.outputs).filter((n) => n.includes('summary') && n.endsWith('.json')).sort().at(-1);
  if (!name) throw new Error(`no summary in output/: ${Object.keys(r.outputs).join(', ')}`);
  return JSON.parse(r.outputs[name].toString('utf8')) as Summary;
}

describe('scan_single_package on is-npm-1.0.0.tgz', () => {
  it('loads the toolkit scan, links the package files and writes the summary', async () => {
    const r = await harness().run({ pipeline: 'scan_single_package', inputs: [IS_NPM] });
    expect(r.status).toBe('success');
    expect(r.resources.map((x) => [x.path, x.status])).toEqual([
      ['package', ''],
      ['package/index.js', 'application-package'],
      ['package/package.json', 'application-package'],
      ['package/readme.md', 'application-package'],
    ]);
    expect(r.packages.map((p) => [p.purl, p.declared_license_expression])).toEqual([['pkg:npm/is-npm@1.0.0', 'mit']]);
    expect(r.dependencies.map((d) => d.purl)).toEqual(['pkg:npm/ava']);
    expect(r.extraData).toMatchObject({ filename: 'is-npm-1.0.0.tgz', size: 756 });
    expect(Object.keys(r.outputs).map((n) => n.replace(/\d{4}(-\d\d){5}/, '<time>'))).toEqual(['scancode-<time>.json', 'summary-<time>.json']);
    const summary = summaryOf(r);
    expect(Object.keys(summary)).toEqual([
      'declared_license_expression', 'license_clarity_score', 'declared_holder', 'primary_language', 'other_license_expressions',
      'other_holders', 'other_languages', 'license_matches', 'key_files', 'key_files_packages',
    ]);
    expect(summary).toMatchObject({
      declared_license_expression: 'mit',
      declared_holder: 'Sindre Sorhus',
      primary_language: 'JavaScript',
      other_languages: [],
    });
    expect(summary.license_clarity_score).toMatchObject({ declared_license: true, identification_precision: true, declared_copyrights: true });
    expect(summary.key_files.map((k) => k.path)).toContain('package/readme.md');
    expect(summary.key_files.find((k) => k.path === 'package/readme.md')?.content).toContain('Sindre Sorhus');
    expect(summary.key_files_packages.map((p) => p.purl)).toEqual(['pkg:npm/is-npm@1.0.0']);
  });

  it('applies the project policies: record alerts at the run end, the clarity alert in the summary', async () => {
    const policies = {
      license_policies: [{ license_key: 'MIT', compliance_alert: 'warning' }, { license_key: 'apache-2.0', compliance_alert: '' }],
      license_clarity_thresholds: { 95: 'ok', 80: 'warning', 0: 'error' },
    };
    const r = await harness().run({ pipeline: 'scan_single_package', inputs: [IS_NPM], settings: { policies } });
    expect(r.status).toBe('success');
    expect(r.packages.map((p) => [p.declared_license_expression, p.compliance_alert])).toEqual([['mit', 'warning']]);
    for (const x of r.resources) expect([x.path, x.compliance_alert]).toEqual([x.path, x.detected_license_expression ? 'warning' : '']);
    expect(r.resources.find((x) => x.path === 'package/readme.md')?.compliance_alert).toBe('warning');
    const summary = summaryOf(r);
    expect(summary.license_clarity_score.score).toBe(90);
    expect(Object.keys(summary).at(-1)).toBe('license_clarity_compliance_alert');
    expect(summary.license_clarity_compliance_alert).toBe('warning');
    expect(r.extraData).toMatchObject({ license_clarity_compliance_alert: 'warning' });
  });

  it('reports a bad project policies document as an error message and runs on without policies', async () => {
    const r = await harness().run({ pipeline: 'scan_single_package', inputs: [IS_NPM], settings: { policies: 'license_clarity_thresholds:\n  0: error\n  80: ok\n' } });
    expect(r.status).toBe('success');
    expect(r.messages.filter((m) => m.severity === 'error').map((m) => [m.model, m.description])).toEqual([
      ['make_summary_from_scan_results', 'Thresholds must be strictly descending'],
    ]);
    expect(r.packages.map((p) => p.compliance_alert)).toEqual(['']);
    expect(summaryOf(r)).not.toHaveProperty('license_clarity_compliance_alert');
  });

  it('fails with ScanCode.io\'s message when the project has more than one input', async () => {
    const r = await harness().run({ pipeline: 'scan_single_package', inputs: [IS_NPM, { name: 'other.txt', content: 'x' }] });
    expect(r.status).toBe('failure');
    expect(r.taskOutput).toMatch(/^Only 1 input file supported\n\nTraceback:\n/);
  });
});
