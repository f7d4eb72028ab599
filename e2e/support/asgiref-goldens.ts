/**
 * ScanCode.io's asgiref-3.3.0 goldens (libs/pipelines/testdata/asgiref/README.md) as the API
 * tests use them: what differs in the results headers and the SPDX, CycloneDX and ORT downloads,
 * each difference with its reason, and the structural comparisons of the SBOMs. The records are
 * compared in process (libs/pipelines/src/pipelines/load-inventory-asgiref.int-spec.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareCodePoints as compare, differences, expectOnlyKnownDifferences, PIPELINE_TESTDATA, type Difference, type Json, type JsonObject, type KnownDifference,
} from '@sca/testing';

const FIXTURES = join(PIPELINE_TESTDATA, 'asgiref');
export const asgirefFixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

// Every difference found, with its reason; `where` is `<area>:<path>` (see KnownDifference).
const NO_TASK_RUNNER = 'regen_test_data.py calls pipeline.execute() without the task runner, so the golden run keeps its initial not_started values; ours ran as a task.';
const SCANCODEIO_JSON_KEY_ORDER = 'ScanCode.io\'s Python cyclonedx library writes object keys in alphabetical order; our writer (@cyclonedx/cyclonedx-library for JS) writes them in its own order. JSON key order has no meaning in CycloneDX, but the bytes differ.';
const SPDX_INPUT_ROOT = 'The SPDX golden is made from a database dump without input files, so ScanCode.io describes the project (SPDXRef-scancodeio-project-…); with an uploaded input ScanCode.io describes the input (get_inputs_as_spdx_packages, test_scanpipe_pipes_outputs_to_spdx_get_inputs_as_spdx_packages), and so do we.';

const CRA_SUPPLIER = 'The SBOM supplier (EU CRA minimum elements: manufacturer with a contact): the top-level package\'s author with its contact and URLs; ScanCode.io writes none.';
const EMPTY_DEPENDS_ON = 'A package without dependencies has `dependsOn: []`, which ScanCode.io leaves out: cdxgen\'s cdx-validate (SCVS and CRA checks) fails its reference checks on an entry without the list.';

const KNOWN_DIFFERENCES: KnownDifference[] = [
  // results/ headers after ScanCode.io's normalization
  { where: 'results:headers[0].input_sources[0].filename', kind: 'golden-source', golden: 'asgiref-3.3.0-py3-none-any.whl', ours: 'asgiref-3.3.0_toolkit_scan.json', reason: 'The golden project\'s input is the wheel; ours is the toolkit scan of it.' },
  { where: 'results:headers[0].runs[0].pipeline_name', kind: 'golden-source', golden: 'scan_codebase', ours: 'load_inventory', reason: 'The golden is a scan_codebase run; ours loads the toolkit scan.' },
  { where: 'results:headers[0].runs[0].status', kind: 'golden-harness', golden: 'not_started', ours: 'success', reason: NO_TASK_RUNNER },
  { where: 'results:headers[0].runs[0].scancodeio_version', kind: 'golden-harness', golden: '', reason: NO_TASK_RUNNER },
  { where: 'results:headers[0].runs[0].task_*', kind: 'golden-harness', golden: null, check: (_g, o) => o !== null, reason: NO_TASK_RUNNER },
  { where: 'results:headers[0].runs[0].execution_time', kind: 'golden-harness', golden: null, check: (_g, o) => typeof o === 'number', reason: NO_TASK_RUNNER },

  // results/ headers: fields that ScanCode.io's normalization drops, compared anyway
  { where: 'dropped:headers[0].input_sources[0].size', kind: 'golden-source', golden: 19948, ours: 94055, reason: 'The golden input is the wheel (19948 bytes); ours is the toolkit scan (94055 characters).' },
  { where: 'dropped:headers[0].runs[0].description', kind: 'golden-source', check: (g, o) => String(g).startsWith('Scan a codebase') && String(o).startsWith('Load JSON/XLSX inventory'), reason: 'The pipeline descriptions of scan_codebase (golden) and load_inventory (ours).' },
  { where: 'dropped:headers[0].other_tools[0]', kind: 'departure', check: (g, o) => String(g).startsWith('pkg:pypi/scancode-toolkit@') && String(o).startsWith('pkg:generic/scanworks-scanner@'), reason: 'other_tools names the scan engine; ours is not scancode-toolkit.' },

  // SPDX
  { where: 'spdx:packages (kind purl)[*]', kind: 'golden-harness', golden: 'project ', ours: 'input ', reason: SPDX_INPUT_ROOT },
  { where: 'spdx:packages[*].kind', kind: 'golden-harness', golden: 'project', ours: 'input', reason: SPDX_INPUT_ROOT },
  { where: 'spdx:packages[*].keys length', kind: 'golden-harness', golden: 7, ours: 8, reason: `${SPDX_INPUT_ROOT} An input package also has packageFileName.` },
  { where: 'spdx:graph.describes[0]', kind: 'golden-harness', golden: 'project ', ours: 'input ', reason: SPDX_INPUT_ROOT },
  { where: 'spdx:graph.relationships[*].edge', kind: 'golden-harness', check: (g, o) => String(g).replace(/^project /, 'input ') === o, reason: SPDX_INPUT_ROOT },

  // CycloneDX
  { where: 'cyclonedx:components[*].copyright', kind: 'service', golden: '', ours: undefined, reason: 'ScanCode.io writes "copyright": "" for a package without copyright; the CycloneDX JS library\'s normalizer leaves empty strings out.' },
  { where: 'cyclonedx:top-level keys length', kind: 'golden-harness', golden: 9, ours: 8, reason: 'The golden test adds a VulnerableCode vulnerability to one package before the export, hence a `vulnerabilities` section; this project has none.' },
  { where: 'cyclonedx:components[*].evidence', kind: 'golden-harness', golden: { licenses: [{ expression: 'Apache-2.0 AND LicenseRef-test' }] }, ours: undefined, reason: 'The golden test sets other_license_expression_spdx on the pypi_wheel_metadata package before the export; ours is empty (the writer fills evidence when it is set).' },
  { where: 'cyclonedx:metadata.component key order', kind: 'service', reason: SCANCODEIO_JSON_KEY_ORDER },
  { where: 'cyclonedx:metadata.keys length', kind: 'departure', golden: 4, ours: 5, reason: CRA_SUPPLIER },
  { where: 'cyclonedx:metadata.keys[2]', kind: 'departure', golden: 'timestamp', ours: 'supplier', reason: CRA_SUPPLIER },
  { where: 'cyclonedx:metadata.keys[3]', kind: 'departure', golden: 'tools', ours: 'timestamp', reason: CRA_SUPPLIER },
  { where: 'cyclonedx:metadata.component.version', kind: 'departure', golden: undefined, ours: '3.3.0', reason: 'The product version (OWASP SCVS 2.11, EU CRA): the project setting product_version, else the version of the codebase\'s top-level package, here the asgiref wheel ScanCode.io describes without a version.' },
  { where: 'cyclonedx:dependencies[*].keys length', kind: 'departure', golden: 1, ours: 2, reason: EMPTY_DEPENDS_ON },
  { where: 'cyclonedx:dependencies[*].keys[0]', kind: 'departure', golden: 'ref', ours: 'dependsOn', reason: EMPTY_DEPENDS_ON },
  { where: 'cyclonedx:components[*] key order', kind: 'service', reason: SCANCODEIO_JSON_KEY_ORDER },
  { where: 'cyclonedx:components[*].authors[*] key order', kind: 'service', reason: SCANCODEIO_JSON_KEY_ORDER },
  { where: 'cyclonedx:components[*].externalReferences[*] key order', kind: 'service', reason: SCANCODEIO_JSON_KEY_ORDER },

  // ORT package list (parsed YAML)
  { where: 'ort:document.dependencies[*].sourceArtifact.url', kind: 'service', golden: null, ours: '', reason: 'An empty download_url: ScanCode.io (saneyaml) writes `url:` (null), our writer `url: ""`.' },
  { where: 'ort-text:line *', kind: 'service', check: (g, o) => o === `${String(g)} null`, reason: 'A null value (projectVcs, vcs): ScanCode.io (saneyaml) writes `type:`, our writer (yaml) `type: null`; both read back as null.' },
  { where: 'ort-text:line *', kind: 'service', check: (g, o) => String(g).trim() === 'url:' && String(o).trim() === 'url: ""', reason: 'sourceArtifact.url of an empty download_url, as above: `url:` against `url: ""`.' },
  { where: 'ort-text:line *', kind: 'service', check: (g, o) => String(g).endsWith('description: |') && o === `${String(g)}-`, reason: 'The description block: `|` (ScanCode.io) against `|-` (ours), as above.' },
  { where: 'ort:document.dependencies[*].description', kind: 'service', check: (g, o) => g === `${String(o)}\n`, reason: 'ScanCode.io (saneyaml) writes multi-line text as a `|` block, which reads back with a final newline; our writer uses `|-`, which reads back as the stored description.' },
];

/** Fails on a difference of `area` no entry explains, and on an entry that explains nothing any more. */
export const expectOnlyKnown = (area: string, found: Difference[]) => expectOnlyKnownDifferences(area, found, KNOWN_DIFFERENCES, process.env.ASGIREF_DUMP_DIR);

/** With ASGIREF_DUMP_DIR set, keeps what the service answered there. */
export function dump(name: string, text: string): void {
  const dir = process.env.ASGIREF_DUMP_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
}

// ---------------------------------------------------------------------------------------------
// SPDX and CycloneDX "in structure": keys per element, the package set by purl, license fields,
// relationship / dependency shapes. Ids, uuids, dates and tool versions are not compared.

const spdxPurl = (p: JsonObject): string => String(((p.externalRefs as JsonObject[] | undefined) ?? []).find((r) => r.referenceType === 'purl')?.referenceLocator ?? '');
const spdxKind = (id: string): string => id.replace(/^SPDXRef-scancodeio-([a-z]+)-.*$/, '$1');

export function spdxDifferences(gold: JsonObject, ours: JsonObject): Difference[] {
  const out: Difference[] = [];
  differences(Object.keys(gold), Object.keys(ours), 'top-level keys', out);
  differences(Object.keys(gold.creationInfo as JsonObject), Object.keys(ours.creationInfo as JsonObject), 'creationInfo keys', out);
  for (const key of ['spdxVersion', 'dataLicense', 'name', 'comment'] as const) differences(gold[key], ours[key], key, out);
  const byKindAndPurl = (doc: JsonObject) => (doc.packages as JsonObject[]).map((p) => `${spdxKind(String(p.SPDXID))} ${spdxPurl(p)}`).sort();
  differences(byKindAndPurl(gold), byKindAndPurl(ours), 'packages (kind purl)', out);
  const shape = (p: JsonObject) => ({
    kind: spdxKind(String(p.SPDXID)),
    keys: Object.keys(p),
    externalRefs: ((p.externalRefs as JsonObject[] | undefined) ?? []).map((r) => Object.keys(r)),
    licenseConcluded: p.licenseConcluded ?? null,
    licenseDeclared: p.licenseDeclared ?? null,
    licenseInfoFromFiles: p.licenseInfoFromFiles ?? null,
    copyrightText: p.copyrightText ?? null,
    downloadLocation: p.downloadLocation ?? null,
    filesAnalyzed: p.filesAnalyzed ?? null,
    versionInfo: p.versionInfo ?? null,
    homepage: p.homepage ?? null,
    description: p.description ?? null,
  });
  const shapes = (doc: JsonObject) => (doc.packages as JsonObject[]).map((p) => ({ purl: spdxPurl(p), ...shape(p) })).sort((a, b) => compare(`${a.kind} ${a.purl}`, `${b.kind} ${b.purl}`) || compare(JSON.stringify(a), JSON.stringify(b)));
  differences(shapes(gold) as Json, shapes(ours) as Json, 'packages', out);
  const ids = (doc: JsonObject) => new Map((doc.packages as JsonObject[]).map((p) => [String(p.SPDXID), `${spdxKind(String(p.SPDXID))} ${spdxPurl(p)}`]));
  const relationships = (doc: JsonObject) => {
    const names = ids(doc);
    const describes = (doc.documentDescribes as string[]).map((id) => names.get(id) ?? spdxKind(id)).sort();
    const rels = (doc.relationships as JsonObject[]).map((r) => ({ keys: Object.keys(r), edge: `${names.get(String(r.spdxElementId)) ?? spdxKind(String(r.spdxElementId))} ${r.relationshipType} ${names.get(String(r.relatedSpdxElement)) ?? spdxKind(String(r.relatedSpdxElement))}` }));
    return { describes, relationships: rels.sort((a, b) => compare(a.edge, b.edge)) };
  };
  differences(relationships(gold) as Json, relationships(ours) as Json, 'graph', out);
  differences((gold.files as Json[]).length, (ours.files as Json[]).length, 'files count', out);
  differences(gold.hasExtractedLicensingInfos ?? null, ours.hasExtractedLicensingInfos ?? null, 'hasExtractedLicensingInfos', out);
  return out;
}

const withoutUuid = (ref: string): string => ref.replace(/[?&]uuid=[^&#]*/, '');

/** JSON with object keys sorted, to order records whatever their key order. */
const canonical = (value: Json): string => JSON.stringify(value, (_k, v: Json) => (isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => compare(a, b))) : v));

export function cyclonedxDifferences(gold: JsonObject, ours: JsonObject): Difference[] {
  const out: Difference[] = [];
  differences([...Object.keys(gold)].sort(), [...Object.keys(ours)].sort(), 'top-level keys', out);
  for (const key of ['bomFormat', 'specVersion', '$schema', 'version'] as const) differences(gold[key], ours[key], key, out);
  const meta = (doc: JsonObject) => {
    const m = doc.metadata as JsonObject;
    return { keys: Object.keys(m).sort(), component: m.component ? { ...(m.component as JsonObject), 'bom-ref': '<project uuid>' } : null, properties: m.properties, tools: ((m.tools as JsonObject[]) ?? []).map((t) => t.name) };
  };
  differences(meta(gold) as Json, meta(ours) as Json, 'metadata', out);
  const component = (c: JsonObject): JsonObject => {
    const out: JsonObject = { ...c, 'bom-ref': withoutUuid(String(c['bom-ref'])), purl: withoutUuid(String(c.purl)) };
    if (Array.isArray(c.properties)) out.properties = (c.properties as JsonObject[]).map((p) => ({ ...p, value: withoutUuid(String(p.value)) }));
    return out;
  };
  const components = (doc: JsonObject) => (doc.components as JsonObject[]).map(component).sort((a, b) => compare(canonical(a), canonical(b)));
  differences(components(gold) as Json, components(ours) as Json, 'components', out);
  const graph = (doc: JsonObject) => {
    const root = String(((doc.metadata as JsonObject).component as JsonObject | undefined)?.['bom-ref'] ?? '');
    const name = (ref: string) => (ref === root ? '<project>' : withoutUuid(ref));
    return (doc.dependencies as JsonObject[]).map((d) => ({ keys: Object.keys(d).sort(), ref: name(String(d.ref)), dependsOn: ((d.dependsOn as string[]) ?? []).map(name).sort() })).sort((a, b) => compare(JSON.stringify(a), JSON.stringify(b)));
  };
  differences(graph(gold) as Json, graph(ours) as Json, 'dependencies', out);
  return out;
}
