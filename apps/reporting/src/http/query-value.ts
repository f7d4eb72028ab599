/** A query parameter as Express gives it (repeated parameters are lists). */
export type QueryValue = string | string[] | undefined;

/** The last value of a query parameter, as Django's QueryDict.get reads it. */
export function lastValue(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value.at(-1) : value;
}
