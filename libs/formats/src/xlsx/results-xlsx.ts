/**
 * The `xlsx` results output (`results-<ts>.xlsx`, reference §8): PACKAGES, DEPENDENCIES,
 * RESOURCES, RELATIONS, MESSAGES, then LAYERS (Docker images), VULNERABILITIES and TODOS when
 * they have rows. Streamed with exceljs' WorkbookWriter, one committed row at a time.
 */
import type { stream } from 'exceljs';
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

/**
 * Opens a streaming workbook on `out` (a file path) with styles and inline strings. exceljs is
 * loaded here, on first use, not with this library: it takes about 0.15 s to load, and every
 * scan worker thread loads the library for the toolkit record writer.
 */
export function openWorkbook(out: string): stream.xlsx.WorkbookWriter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exceljs = require('exceljs') as typeof import('exceljs');
  return new exceljs.stream.xlsx.WorkbookWriter({ filename: out, useStyles: true, useSharedStrings: false });
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
