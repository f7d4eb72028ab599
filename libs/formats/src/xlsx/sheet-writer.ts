/**
 * Streams one worksheet into an exceljs `stream.xlsx.WorkbookWriter`: a frozen header row,
 * every cell in font size 10, one committed row per record so memory stays flat.
 */
import type { Row, stream, Style } from 'exceljs';
import { adaptValueForXlsx } from './cell-value';
import { headerRow } from './sheet-columns';

/** A record whose own properties are the sheet's fields (interfaces such as ResourceRecord). */
export type XlsxRow = object;

export interface SheetWriteOptions {
  /**
   * ScanCode.io writes a row's truncation messages into column `len(fields) - 1` — the last
   * data column, overwriting its value — instead of `xlsx_errors`. Off by default: messages go
   * to `xlsx_errors` as the header promises. Set to reproduce the original file exactly.
   */
  errorsInLastDataColumn?: boolean;
}

const CELL_FONT = { size: 10 };
/**
 * One style object shared by every written cell: exceljs caches style ids by object identity,
 * so sharing it keeps styling O(1) per cell (a fresh object per cell costs ~3x the write time).
 */
const CELL_STYLE: Partial<Style> = { font: CELL_FONT };
/** Rows between yields to the event loop, so the zip stream drains while a sheet is written. */
const ROWS_PER_YIELD = 250;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The cell texts of one record (`undefined` = empty cell) and its truncation messages. */
export function rowCells(
  fields: readonly string[],
  record: XlsxRow,
  options: SheetWriteOptions = {},
): { cells: (string | undefined)[]; errors: string[] } {
  const cells: (string | undefined)[] = [];
  const errors: string[] = [];
  for (const field of fields) {
    const { value, error } = adaptValueForXlsx(field, (record as Record<string, unknown>)[field]);
    if (error) errors.push(error);
    cells.push(value === '' ? undefined : value);
  }
  const errorsColumn = options.errorsInLastDataColumn ? fields.length - 1 : fields.length;
  if (errors.length > 0) cells[errorsColumn] = errors.join('\n');
  return { cells, errors };
}

type WorkbookWriter = stream.xlsx.WorkbookWriter;

function commitStyledRow(row: Row): void {
  row.eachCell((cell) => {
    cell.style = CELL_STYLE;
  });
  row.commit();
}

/** Adds a sheet named `name` without rows yet; the header row is committed. */
export function startSheet(workbook: WorkbookWriter, name: string, fields: readonly string[]) {
  const header = headerRow(fields);
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    properties: { defaultRowHeight: 14 },
  });
  sheet.columns = header.map((key) => ({ key, style: CELL_STYLE }));
  commitStyledRow(sheet.addRow(header));
  return sheet;
}

/**
 * Writes `records` as a sheet and commits it. With `skipWhenEmpty`, no sheet is added when
 * there is no record (optional sheets such as TODOS). Returns the number of truncation errors,
 * or null when the sheet was skipped.
 */
export async function writeSheet(
  workbook: WorkbookWriter,
  name: string,
  fields: readonly string[],
  records: AsyncIterable<XlsxRow>,
  options: SheetWriteOptions & { skipWhenEmpty?: boolean } = {},
): Promise<number | null> {
  let sheet = options.skipWhenEmpty ? null : startSheet(workbook, name, fields);
  let errorCount = 0;
  let written = 0;
  for await (const record of records) {
    sheet ??= startSheet(workbook, name, fields);
    const { cells, errors } = rowCells(fields, record, options);
    errorCount += errors.length;
    commitStyledRow(sheet.addRow(cells));
    if (++written % ROWS_PER_YIELD === 0) await yieldToEventLoop();
  }
  if (sheet === null) return null;
  sheet.commit();
  return errorCount;
}
