/** How one `?field=value` filter of a record list is applied (reference §3.8). */
export type FilterKind =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'date' }
  /** Django NullBoolean parsing: true/True/2 and false/False/3; anything else is ignored. */
  | { kind: 'bool' }
  /** StrictBooleanFilter: only `True` or `False`. */
  | { kind: 'strict-bool' }
  | { kind: 'choice'; values: readonly string[] }
  /** JSON list cast to text, case-sensitive contains. */
  | { kind: 'json-contains' }
  | { kind: 'json-icontains' }
  /**
   * ScanCode.io's RelationMapTypeFilter on a resource id: `none` (no relation on either side),
   * `any` (one on either side), `many` (deployed end of two or more), or a map type (deployed
   * end of a relation of that type).
   */
  | { kind: 'relation-map-type'; mapTypes: readonly string[] };

export interface FilterSpec {
  column: string;
  filter: FilterKind;
}

export class RecordFilterError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('Invalid record filter');
  }
}

/** What Django's DecimalField (NumberFilter) accepts: Python `Decimal()` syntax, finite values only. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const invalidChoice = (v: string) => [`Select a valid choice. ${v} is not one of the available choices.`];

/**
 * Builds the WHERE clause. `_EMPTY_` and `_ANY_` work on every field as in ScanCode.io's
 * FilterSetUtilsMixin; unknown parameters are ignored; an empty value means no filter.
 */
export function buildRecordFilter(specs: Record<string, FilterSpec>, query: Record<string, string>, params: unknown[]): string[] {
  const clauses: string[] = [];
  const errors: Record<string, string[]> = {};
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [name, value] of Object.entries(query)) {
    const spec = specs[name];
    if (!spec || value === '') continue;
    const col = spec.column;
    if (value === '_EMPTY_' || value === '_ANY_') {
      const empty = `(${col} IS NULL OR ${col}::text IN ('', '[]', '{}'))`;
      clauses.push(value === '_EMPTY_' ? empty : `NOT ${empty}`);
      continue;
    }
    const f = spec.filter;
    switch (f.kind) {
      case 'text':
        clauses.push(`${col} = ${bind(value)}`);
        break;
      case 'number':
        // Bound as numeric so a decimal against an integer column compares instead of failing.
        if (!DECIMAL.test(value.trim())) errors[name] = ['Enter a number.'];
        else clauses.push(`${col} = ${bind(value.trim())}::numeric`);
        break;
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) errors[name] = ['Enter a valid date.'];
        else clauses.push(`${col} = ${bind(value)}::date`);
        break;
      case 'bool': {
        const b = ['true', 'True', '2'].includes(value) ? true : ['false', 'False', '3'].includes(value) ? false : null;
        if (b !== null) clauses.push(`${col} = ${bind(b)}`);
        break;
      }
      case 'strict-bool':
        if (value !== 'True' && value !== 'False') errors[name] = invalidChoice(value);
        else clauses.push(`${col} = ${bind(value === 'True')}`);
        break;
      case 'choice':
        if (!f.values.includes(value)) errors[name] = invalidChoice(value);
        else clauses.push(`${col} = ${bind(value)}`);
        break;
      case 'json-contains':
        clauses.push(`(${col}::text LIKE '%' || ${bind(likeEscape(value))} || '%' AND ${col}::text <> '[]')`);
        break;
      case 'json-icontains':
        clauses.push(`${col}::text ILIKE '%' || ${bind(likeEscape(value))} || '%'`);
        break;
      case 'relation-map-type': {
        const clause = relationMapTypeClause(col, value, f.mapTypes, bind);
        if (clause) clauses.push(clause);
        else errors[name] = invalidChoice(value);
        break;
      }
      default: {
        const never: never = f;
        throw new Error(`unhandled filter ${JSON.stringify(never)}`);
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new RecordFilterError(errors);
  return clauses;
}

function relationMapTypeClause(id: string, value: string, mapTypes: readonly string[], bind: (v: unknown) => string): string | null {
  const asTo = `SELECT 1 FROM codebase_relations x WHERE x.to_resource_id = ${id}`;
  const anyRelation = `(EXISTS (${asTo}) OR EXISTS (SELECT 1 FROM codebase_relations x WHERE x.from_resource_id = ${id}))`;
  if (value === 'none') return `NOT ${anyRelation}`;
  if (value === 'any') return anyRelation;
  if (value === 'many') return `(SELECT count(*) FROM codebase_relations x WHERE x.to_resource_id = ${id}) > 1`;
  return mapTypes.includes(value) ? `EXISTS (${asTo} AND x.map_type = ${bind(value)})` : null;
}

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
