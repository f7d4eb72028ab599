/**
 * The multi-project XLSX report (`GET /api/projects/report/?model=`, reference §3.18): one
 * sheet named after the model, a leading `project` column with each project's name, then the
 * model's columns (`compliance_alert` kept) and `xlsx_errors`.
 */
import type { ReportInput } from '../report/report-input';
import { modelRows } from './record-rows';
import { openWorkbook } from './results-xlsx';
import { SHEET_NAMES, sheetFields, XLSX_MODELS, type XlsxModel } from './sheet-columns';
import { writeSheet, type SheetWriteOptions, type XlsxRow } from './sheet-writer';

export interface ReportProjectInput {
  name: string;
  input: ReportInput;
}

export function isXlsxReportModel(value: string): value is XlsxModel {
  return (XLSX_MODELS as readonly string[]).includes(value);
}

/** The report's columns: `project`, then the model's fields. */
export function projectsReportFields(model: XlsxModel): string[] {
  return ['project', ...sheetFields(model, true)];
}

async function* projectRows(model: XlsxModel, projects: readonly ReportProjectInput[]): AsyncGenerator<XlsxRow> {
  for (const { name, input } of projects) {
    for await (const row of modelRows(input, model)) yield { project: name, ...row };
  }
}

/** Writes the report workbook for `model` over `projects` (in the given order) to the file `out`. */
export async function writeProjectsReportXlsx(
  model: XlsxModel,
  projects: readonly ReportProjectInput[],
  out: string,
  options: SheetWriteOptions = {},
): Promise<void> {
  if (!isXlsxReportModel(model)) throw new Error(`${String(model)} is not valid.`);
  const workbook = openWorkbook(out);
  await writeSheet(workbook, SHEET_NAMES[model], projectsReportFields(model), projectRows(model, projects), options);
  await workbook.commit();
}
