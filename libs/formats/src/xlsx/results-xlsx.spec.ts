import { Workbook } from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportInputFromArrays } from '../report/report-input';
import { makeDependency, makeMessage, makePackage, makeProject, makeRelation, makeResource } from './report-fixture.testing';
import { writeResultsXlsx, writeResultsXlsxCounting } from './results-xlsx';

const RESOURCES_HEADER = [
  'path', 'type', 'name', 'status', 'for_packages', 'tag', 'extension', 'size', 'mime_type', 'file_type',
  'programming_language', 'detected_license_expression', 'detected_license_expression_spdx',
  'percentage_of_license_text', 'copyrights', 'holders', 'authors', 'emails', 'urls', 'md5', 'sha1',
  'sha256', 'sha512', 'sha1_git', 'is_binary', 'is_text', 'is_archive', 'is_media', 'is_legal',
  'is_manifest', 'is_readme', 'is_top_level', 'is_key_file', 'xlsx_errors',
];

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'xlsx-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readBack(file: string): Promise<Workbook> {
  const workbook = new Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function rowValues(workbook: Workbook, sheet: string, rowNumber: number): unknown[] {
  const values = workbook.getWorksheet(sheet)?.getRow(rowNumber).values;
  return Array.isArray(values) ? values.slice(1) : [];
}

function cellOf(workbook: Workbook, sheet: string, rowNumber: number, column: string): unknown {
  const header = rowValues(workbook, sheet, 1);
  const index = header.indexOf(column);
  if (index < 0) throw new Error(`no column ${column}`);
  return workbook.getWorksheet(sheet)?.getRow(rowNumber).getCell(index + 1).value;
}

const fixture = () => reportInputFromArrays(makeProject(), {
  packages: [makePackage({
    description: 'one\ntwo\nthree\nfour\nfive\nsix', keywords: ['a', 'b', 'a'], is_private: false, size: 0,
    compliance_alert: 'warning', parties: [{ type: 'person', role: 'author', name: 'Jane', email: null, url: null }],
  })],
  dependencies: [makeDependency()],
  resources: [
    makeResource({
      path: 'root/a.c', size: 42, is_text: true, for_packages: ['uid-1', 'uid-1', 'uid-2'],
      copyrights: [{ copyright: 'Copyright (c) Jane', start_line: 1, end_line: 1 }],
      holders: [{ holder: 'Jane', start_line: 1, end_line: 1 }, { holder: 'Jane', start_line: 2, end_line: 2 }],
      percentage_of_license_text: 50, file_type: 'C source\r\ntext',
    }),
    makeResource({ path: 'root/todo.c', status: 'requires-review', sha1: 'x'.repeat(40000) }),
    makeResource({ path: 'root/dir', type: 'directory', status: 'requires-review' }),
  ],
  relations: [makeRelation()],
  messages: [makeMessage({ details: { resource_path: 'root/a.c' }, traceback: ['Traceback:', '  line', '  line'] })],
});

describe('writeResultsXlsx', () => {
  it('writes the sheets in order with the reference headers (policies off)', async () => {
    const file = join(dir, 'results.xlsx');
    await writeResultsXlsx(fixture(), file, { policiesEnabled: false });
    const workbook = await readBack(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['PACKAGES', 'DEPENDENCIES', 'RESOURCES', 'RELATIONS', 'MESSAGES', 'TODOS']);
    expect(rowValues(workbook, 'RESOURCES', 1)).toEqual(RESOURCES_HEADER);
    expect(rowValues(workbook, 'TODOS', 1)).toEqual(RESOURCES_HEADER);
    expect(rowValues(workbook, 'RELATIONS', 1)).toEqual(['to_resource', 'status', 'map_type', 'score', 'from_resource', 'xlsx_errors']);
    expect(rowValues(workbook, 'MESSAGES', 1)).toEqual(['uuid', 'severity', 'description', 'model', 'details', 'traceback', 'created_date', 'xlsx_errors']);
    const packageHeader = rowValues(workbook, 'PACKAGES', 1);
    expect(packageHeader).not.toContain('compliance_alert');
    for (const excluded of ['extra_data', 'license_detections', 'other_license_detections', 'affected_by_vulnerabilities']) {
      expect(packageHeader).not.toContain(excluded);
    }
    expect(packageHeader.at(-1)).toBe('xlsx_errors');
    expect(rowValues(workbook, 'DEPENDENCIES', 1).at(-2)).toBe('package_type');
  });

  it('keeps compliance_alert when policies are enabled', async () => {
    const file = join(dir, 'policies.xlsx');
    await writeResultsXlsx(fixture(), file, { policiesEnabled: true });
    const workbook = await readBack(file);
    const header = rowValues(workbook, 'RESOURCES', 1);
    expect(header).toEqual([...RESOURCES_HEADER.slice(0, 14), 'compliance_alert', ...RESOURCES_HEADER.slice(14)]);
    expect(cellOf(workbook, 'PACKAGES', 2, 'compliance_alert')).toBe('warning');
  });

  it('applies the cell rules', async () => {
    const file = join(dir, 'cells.xlsx');
    await writeResultsXlsx(fixture(), file, { policiesEnabled: false });
    const workbook = await readBack(file);
    expect(cellOf(workbook, 'RESOURCES', 2, 'size')).toBe('42');
    expect(cellOf(workbook, 'RESOURCES', 2, 'is_text')).toBe('True');
    expect(cellOf(workbook, 'RESOURCES', 2, 'is_binary')).toBeNull();
    expect(cellOf(workbook, 'RESOURCES', 2, 'for_packages')).toBe('uid-1\nuid-2');
    expect(cellOf(workbook, 'RESOURCES', 2, 'copyrights')).toBe('Copyright (c) Jane');
    expect(cellOf(workbook, 'RESOURCES', 2, 'holders')).toBe('Jane');
    expect(cellOf(workbook, 'RESOURCES', 2, 'percentage_of_license_text')).toBe('50.0');
    expect(cellOf(workbook, 'RESOURCES', 2, 'file_type')).toBe('C source\ntext');
    expect(cellOf(workbook, 'PACKAGES', 2, 'description')).toBe('one\ntwo\nthree\nfour\nfive');
    expect(cellOf(workbook, 'PACKAGES', 2, 'keywords')).toBe('a\nb');
    expect(cellOf(workbook, 'PACKAGES', 2, 'size')).toBeNull();
    expect(cellOf(workbook, 'PACKAGES', 2, 'parties')).toBe("{'type': 'person', 'role': 'author', 'name': 'Jane', 'email': None, 'url': None}");
    expect(cellOf(workbook, 'MESSAGES', 2, 'details')).toBe('resource_path: root/a.c\n');
    expect(cellOf(workbook, 'MESSAGES', 2, 'traceback')).toBe('Traceback:\n  line\n  line');
    expect(cellOf(workbook, 'MESSAGES', 2, 'created_date')).toBe('2026-01-16 12:40:25.319000+00:00');
    expect(cellOf(workbook, 'TODOS', 2, 'path')).toBe('root/todo.c');
    expect(workbook.getWorksheet('TODOS')?.rowCount).toBe(2); // directories are not todos
  });

  it('reports truncation in xlsx_errors, or in the last data column as ScanCode.io does', async () => {
    const file = join(dir, 'errors.xlsx');
    expect(await writeResultsXlsxCounting(fixture(), file, { policiesEnabled: false })).toBe(2); // RESOURCES + TODOS
    let workbook = await readBack(file);
    const message = 'The value of: sha1 has been truncated from: 40000 to 32767 length to fit in an XLSX cell maximum length';
    expect(cellOf(workbook, 'RESOURCES', 3, 'xlsx_errors')).toBe(message);
    expect(String(cellOf(workbook, 'RESOURCES', 3, 'sha1'))).toHaveLength(32767);

    await writeResultsXlsx(fixture(), file, { policiesEnabled: false, errorsInLastDataColumn: true });
    workbook = await readBack(file);
    expect(cellOf(workbook, 'RESOURCES', 3, 'is_key_file')).toBe(message);
    expect(cellOf(workbook, 'RESOURCES', 3, 'xlsx_errors')).toBeNull();
  });

  it('freezes the header row and uses font size 10', async () => {
    const file = join(dir, 'style.xlsx');
    await writeResultsXlsx(fixture(), file, { policiesEnabled: false });
    const workbook = await readBack(file);
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.size).toBe(10);
    }
    const resources = workbook.getWorksheet('RESOURCES');
    expect(resources?.getRow(2).getCell(1).font?.size).toBe(10);
    expect(resources?.getRow(2).getCell(8).font?.size).toBe(10);
  });

  it('adds LAYERS and VULNERABILITIES sheets when there is data', async () => {
    const project = makeProject({
      extra_data: { images: [{ image_id: '785df58b6b3e120f', layers: [{ layer_id: '0690c89adf3e8c30', created_by: 'RUN x', size: 10 }] }] },
    });
    const input = reportInputFromArrays(project, {
      packages: [makePackage({ affected_by_vulnerabilities: [{ advisory_id: 'VCID-1', aliases: ['CVE-1', 'GHSA-1'], risk_score: 4.5 }] })],
    });
    const file = join(dir, 'optional.xlsx');
    await writeResultsXlsx(input, file, { policiesEnabled: false });
    const workbook = await readBack(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['PACKAGES', 'DEPENDENCIES', 'RESOURCES', 'RELATIONS', 'MESSAGES', 'LAYERS', 'VULNERABILITIES']);
    expect(rowValues(workbook, 'LAYERS', 2).slice(0, 4)).toEqual(['img-785df5-layer-01-0690c8', 'RUN x', '0690c89adf3e8c30', '785df58b6b3e120f']);
    expect(rowValues(workbook, 'VULNERABILITIES', 1)).toEqual([
      'object_type', 'package_url', 'advisory_id', 'aliases', 'summary', 'risk_score', 'exploitability', 'weighted_severity', 'resource_url', 'xlsx_errors',
    ]);
    expect(rowValues(workbook, 'VULNERABILITIES', 2).slice(0, 6)).toEqual(['package', 'pkg:npm/left-pad@1.3.0', 'VCID-1', 'CVE-1\nGHSA-1', undefined, '4.5']);
  });
});
