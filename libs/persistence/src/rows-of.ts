/**
 * TypeORM's postgres `query()` returns the rows for SELECT/INSERT but `[rows, rowCount]` for
 * UPDATE and DELETE; this gives the rows either way.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}

/** The row count of an UPDATE or DELETE (TypeORM answers `[rows, count]` for those). */
export function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
