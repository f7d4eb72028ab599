import { Workbook } from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportInputFromArrays } from '../report/report-input';
import { projectsReportFields, writeProjectsReportXlsx } from './projects-report-xlsx';
import { makePackage, makeProject, makeResource } from './report-fixture.testing';
import type { XlsxModel } from './sheet-columns';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'xlsx-report-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const projects = () => [
  {
    name: 'alpha',
    input: reportInputFromArrays(makeProject({ name: 'alpha' }), {
      packages: [makePackage({ compliance_alert: 'error' })],
      resources: [makeResource({ path: 'a/todo.c', status: 'requires-review' }), makeResource({ path: 'a/ok.c' })],
    }),
  },
  {
    name: 'beta',
    input: reportInputFromArrays(makeProject({ name: 'beta' }), {
      packages: [makePackage({ purl: 'pkg:pypi/six@1.0', type: 'pypi', name: 'six', version: '1.0' })],
    }),
  },
];

async function read(model: XlsxModel) {
  const file = join(dir, `${model}.xlsx`);
  await writeProjectsReportXlsx(model, projects(), file);
  const workbook = new Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
  return { names: workbook.worksheets.map((ws) => ws.name), rows };
}

describe('writeProjectsReportXlsx', () => {
  it('writes one PACKAGES sheet with a leading project column and compliance_alert kept', async () => {
    const { names, rows } = await read('package');
    expect(names).toEqual(['PACKAGES']);
    const header = rows[0] as string[];
    expect(header[0]).toBe('project');
    expect(header[1]).toBe('purl');
    expect(header).toContain('compliance_alert');
    expect(header.at(-1)).toBe('xlsx_errors');
    expect(header).toEqual([...projectsReportFields('package'), 'xlsx_errors']);
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([['alpha', 'pkg:npm/left-pad@1.3.0'], ['beta', 'pkg:pypi/six@1.0']]);
    expect(rows[1]?.[header.indexOf('compliance_alert')]).toBe('error');
  });

  it('writes TODOS with requires-review files only', async () => {
    const { names, rows } = await read('todo');
    expect(names).toEqual(['TODOS']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 2)).toEqual(['alpha', 'a/todo.c']);
  });

  it('names each model sheet and keeps an empty sheet with its header', async () => {
    const expected: [XlsxModel, string][] = [['dependency', 'DEPENDENCIES'], ['resource', 'RESOURCES'], ['relation', 'RELATIONS'], ['message', 'MESSAGES']];
    for (const [model, sheetName] of expected) {
      const { names, rows } = await read(model);
      expect(names).toEqual([sheetName]);
      expect((rows[0] as string[])[0]).toBe('project');
    }
  });

  it('rejects an unknown model', async () => {
    await expect(writeProjectsReportXlsx('bogus' as XlsxModel, [], join(dir, 'x.xlsx'))).rejects.toThrow('bogus is not valid.');
  });
});
