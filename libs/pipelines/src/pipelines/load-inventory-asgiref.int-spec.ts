/**
 * ScanCode.io's asgiref-3.3.0 test data (testdata/asgiref/README.md): its toolkit scan loaded
 * with load_inventory into a project named `asgiref`, as ScanCode.io's tests name it, and the
 * records compared with the packages, dependencies, files and relations of ScanCode.io's results
 * golden after ScanCode.io's normalization. Every difference found is listed below with its
 * reason; the test fails both on a difference that is not listed and on a listed difference
 * that is gone. The results document itself (headers, section and package order) and the
 * downloads are held to the goldens through the API in e2e/asgiref-golden.e2e-spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXCLUDE_FROM_DIFF, compareCodePoints, differences, expectOnlyKnownDifferences, normalizeResults, PIPELINE_TESTDATA, recordDifferences, usePipelineHarness,
  type Difference, type HarnessResult, type Json, type JsonObject, type KnownDifference,
} from '@sca/testing';

const FIXTURES = join(PIPELINE_TESTDATA, 'asgiref');
const harness = usePipelineHarness();

const LOADED_NOT_SCANNED = 'The golden comes from scan_codebase; a toolkit scan loaded with load_inventory keeps the toolkit values (ScanCode.io\'s load_inventory golden has the same).';
const METADATA = 'asgiref-3.3.0-py3-none-any.whl-extract/asgiref-3.3.0.dist-info/METADATA';

// `golden-source`: the results golden is a scan_codebase run of the wheel; here the toolkit scan of
// the same codebase is loaded with load_inventory, as ScanCode.io's own load_inventory test does
// (its golden, asgiref-3.3.0_load_inventory_expected.json at aboutcode-org/scancode.io@05156054,
// has the same values as ours wherever this is cited).
const KNOWN_DIFFERENCES: KnownDifference[] = [
  // The records after ScanCode.io's normalization
  { where: 'results:packages[*].license_detections[*].matches[*].from_file', kind: 'golden-source', check: (g, o) => `codebase/${String(g)}` === o, reason: `scan_codebase records package matches relative to codebase/; the toolkit scan has codebase/… paths. ${LOADED_NOT_SCANNED}` },
  { where: 'results:files[*].package_data[*].license_detections[*].matches[*].from_file', kind: 'golden-source', golden: null, check: (_g, o) => String(o).startsWith('codebase/'), reason: `scan_codebase stores package_data matches without from_file. ${LOADED_NOT_SCANNED}` },
  { where: 'results:files[*].license_detections[*].matches[*].from_file', kind: 'golden-source', golden: null, check: (_g, o) => String(o).startsWith('codebase/'), reason: `scan_codebase stores resource matches without from_file. ${LOADED_NOT_SCANNED}` },
  { where: 'results:files[*].license_detections[*].matches[*].matched_text', kind: 'golden-source', ours: undefined, reason: 'The toolkit scan was made without --license-text, so its resource matches have no matched_text; scan_codebase keeps it. ScanCode.io\'s load_inventory golden has none either.' },
  { where: 'results:files[*].percentage_of_license_text', kind: 'golden-source', golden: null, ours: 0, reason: `scan_codebase leaves null where it found no license text; the toolkit writes 0. ${LOADED_NOT_SCANNED}` },
  { where: 'results:files[*].status', kind: 'golden-source', golden: 'scanned', check: (_g, o) => o === '' || o === 'application-package', reason: `scan_codebase marks every resource it scans "scanned"; the toolkit loader leaves directories and files outside packages without status and makes files of a package "application-package" (reference §1.9). ${LOADED_NOT_SCANNED}` },
  { where: 'results:files[*].extension', kind: 'golden-source', check: (g, o) => typeof g === 'string' && g.startsWith('.') && o === '', reason: `scan_codebase gives directories an extension (".whl-extract", ".dist-info"); the toolkit gives directories "". ${LOADED_NOT_SCANNED}` },
  { where: `results:files[${METADATA}].detected_license_expression`, kind: 'golden-source', golden: '', ours: 'bsd-new', reason: `scan_codebase does not license-scan package manifests (application-package files); the toolkit scan does. ${LOADED_NOT_SCANNED}` },
  { where: `results:files[${METADATA}].detected_license_expression_spdx`, kind: 'golden-source', golden: '', ours: 'BSD-3-Clause', reason: 'As detected_license_expression.' },
  { where: `results:files[${METADATA}].license_detections length`, kind: 'golden-source', golden: 0, ours: 2, reason: 'As detected_license_expression.' },
  { where: `results:files[${METADATA}].percentage_of_license_text`, kind: 'golden-source', golden: null, ours: 0.54, reason: 'As detected_license_expression.' },
  { where: `results:files[${METADATA}].authors length`, kind: 'golden-source', golden: 0, ours: 1, reason: 'scan_codebase does not copyright-scan package manifests; the toolkit scan found the author on line 6.' },
  { where: 'results:files[asgiref-3.3.0-py3-none-any.whl-extract/asgiref/timeout.py].urls length', kind: 'golden-source', golden: 3, ours: 0, reason: 'The toolkit scan was made without --url; scan_codebase collects URLs.' },

  // Fields that ScanCode.io's normalization drops, compared anyway
  { where: 'dropped:files[*].size', kind: 'golden-source', golden: 4096, ours: 0, reason: 'Directory sizes: the golden has the file system block size ("directory sizes are OS dependant" in exclude_from_diff); the toolkit scan has 0.' },
];

const expectOnlyKnown = (area: string, found: Difference[]) => expectOnlyKnownDifferences(area, found, KNOWN_DIFFERENCES, process.env.ASGIREF_DUMP_DIR);

/** The record sections of a results document made of the project's records (symlinks are left out of every output). */
function recordSections(r: HarnessResult): JsonObject {
  const files = r.resources.filter((x) => x.type !== 'symlink');
  return JSON.parse(JSON.stringify({ packages: r.packages, dependencies: r.dependencies, files, relations: r.relations })) as JsonObject;
}

const list = (doc: JsonObject, section: string) => doc[section] as JsonObject[];

/** Every difference between two normalized documents' records, matched by identity. */
function recordsDifferences(g: JsonObject, n: JsonObject): Difference[] {
  return [
    ...recordDifferences('packages', list(g, 'packages'), list(n, 'packages'), (p) => String((p.datasource_ids as Json[])[0])),
    ...recordDifferences('dependencies', list(g, 'dependencies'), list(n, 'dependencies'), (d) => `${d.purl} ${d.datasource_id}`),
    ...recordDifferences('files', list(g, 'files'), list(n, 'files'), (f) => String(f.path)),
    ...differences(g.relations, n.relations, 'relations'),
  ];
}

describe('ScanCode.io asgiref-3.3.0 golden: load_inventory of its toolkit scan', () => {
  const golden = JSON.parse(readFileSync(join(FIXTURES, 'asgiref-3.3.0_scanpipe_output.json'), 'utf8')) as JsonObject;
  let ours: JsonObject;

  beforeAll(async () => {
    const r = await harness().run({ pipeline: 'load_inventory', name: 'asgiref', inputs: [join(FIXTURES, 'asgiref-3.3.0_toolkit_scan.json')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    ours = recordSections(r);
  });

  it('has the same records as the golden', () => {
    const n = normalizeResults(ours);
    const g = normalizeResults(golden);
    expect(list(n, 'files').map((f) => f.path)).toEqual(list(g, 'files').map((f) => f.path));
    const purls = (doc: JsonObject) => list(doc, 'packages').map((p) => String(p.purl)).sort(compareCodePoints);
    expect(purls(n)).toEqual(purls(g));
    const depKey = (d: JsonObject) => `${d.purl} ${d.dependency_uid} for ${d.for_package_uid}`;
    expect(list(n, 'dependencies').map(depKey).sort()).toEqual(list(g, 'dependencies').map(depKey).sort());
    expect(n.relations).toEqual(g.relations);
  });

  it('matches the golden after ScanCode.io normalization, field by field, except the known differences', () => {
    expectOnlyKnown('results', recordsDifferences(normalizeResults(golden), normalizeResults(ours)));
  });

  it('also matches on the fields that normalization drops for being volatile or OS dependent, except the known differences', () => {
    const kept = ['description', 'size', 'mime_type', 'file_type', 'is_script', 'notes', 'settings', 'compliance_alert', 'other_tools'];
    const exclude = EXCLUDE_FROM_DIFF.filter((k) => !kept.includes(k));
    const found = recordsDifferences(normalizeResults(golden, exclude), normalizeResults(ours, exclude));
    const onKept = new RegExp(`\\.(${kept.join('|')})(\\[|\\.| |$)`);
    expectOnlyKnown('dropped', found.filter((d) => onKept.test(d.where)));
  });

  it('serializes every record kind with the golden key order', () => {
    const found: Difference[] = [];
    for (const section of ['packages', 'dependencies', 'files']) {
      const keysOf = (doc: JsonObject) => new Set(list(doc, section).map((r) => Object.keys(r).join()));
      const theirs = keysOf(golden);
      expect(theirs.size).toBe(1);
      const [goldenKeys] = theirs;
      for (const k of keysOf(ours)) if (k !== goldenKeys) found.push({ where: `${section} keys`, golden: goldenKeys.split(','), ours: k.split(',') });
    }
    expectOnlyKnown('keys', found);
  });
});
