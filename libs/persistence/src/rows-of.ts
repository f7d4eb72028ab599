/**
 * TypeORM's postgres `query()` returns the rows for SELECT/INSERT but `[rows, rowCount]` for
 * UPDATE and DELETE; this gives the rows either way.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}
