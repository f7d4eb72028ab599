/**
 * The `xlsx` results output (`results-<ts>.xlsx`, reference §8): PACKAGES, DEPENDENCIES,
 * RESOURCES, RELATIONS, MESSAGES, then LAYERS (Docker images), VULNERABILITIES and TODOS when
 * they have rows. Streamed with exceljs' WorkbookWriter, one committed row at a time.
 */
import { stream } from 'exceljs';
import type { ReportInput } from '../report/report-input';
import { LAYER_FIELDS, SHEET_NAMES, sheetFields, VULNERABILITY_FIELDS, type XlsxModel } from './sheet-columns';
import { layerRows, modelRows, vulnerabilityRows } from './record-rows';
import { writeSheet, type SheetWriteOptions, type XlsxRow } from './sheet-writer';

export interface ResultsXlsxOptions extends SheetWriteOptions {
  /** Keeps the `compliance_alert` columns (license policies are configured). */
  policiesEnabled: boolean;
}

const MAIN_MODELS: readonly XlsxModel[] = ['package', 'dependency', 'resource', 'relation', 'message'];

async function* fromArray(rows: readonly XlsxRow[]): AsyncGenerator<XlsxRow> {
  yield* rows;
}

/** Opens a streaming workbook on `out` (a file path) with styles and inline strings. */
export function openWorkbook(out: string): stream.xlsx.WorkbookWriter {
  return new stream.xlsx.WorkbookWriter({ filename: out, useStyles: true, useSharedStrings: false });
}

/** Writes the project's results workbook to the file `out`. */
export async function writeResultsXlsx(input: ReportInput, out: string, opts: ResultsXlsxOptions): Promise<void> {
  await writeResultsXlsxCounting(input, out, opts);
}

/** As writeResultsXlsx, returning how many values were truncated. */
export async function writeResultsXlsxCounting(input: ReportInput, out: string, opts: ResultsXlsxOptions): Promise<number> {
  const workbook = openWorkbook(out);
  const sheetOptions: SheetWriteOptions = { errorsInLastDataColumn: opts.errorsInLastDataColumn };
  let errors = 0;
  for (const model of MAIN_MODELS) {
    errors += (await writeSheet(workbook, SHEET_NAMES[model], sheetFields(model, opts.policiesEnabled), modelRows(input, model), sheetOptions)) ?? 0;
  }
  const layers = layerRows(input.project.extra_data ?? {});
  const optional: [string, readonly string[], AsyncIterable<XlsxRow>][] = [
    ['LAYERS', LAYER_FIELDS, fromArray(layers)],
    ['VULNERABILITIES', VULNERABILITY_FIELDS, vulnerabilityRows(input)],
    [SHEET_NAMES.todo, sheetFields('todo', opts.policiesEnabled), modelRows(input, 'todo')],
  ];
  for (const [name, fields, rows] of optional) {
    errors += (await writeSheet(workbook, name, fields, rows, { ...sheetOptions, skipWhenEmpty: true })) ?? 0;
  }
  await workbook.commit();
  return errors;
}
