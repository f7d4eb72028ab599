import { likeEscape, UUID_RE } from '../queries/sql-fragments';

export interface ProjectFilter {
  where: string;
  params: unknown[];
}

type Query = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

/** django-filter's BooleanWidget (lower-cases first): these spellings filter, anything else is ignored. */
function parseBooleanFilter(v: string): boolean | null {
  const lower = v.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return null;
}

export class ProjectFilterError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('Invalid project filter');
  }
}

/**
 * ScanCode.io's API ProjectFilterSet (reference §3.1): case-sensitive lookups, `names` as an
 * OR of contains, `label` by slug. Unknown parameters are ignored; an empty value means no
 * filter. A malformed `uuid` is a 400 here instead of ScanCode.io's 500.
 */
export function buildProjectFilter(query: Query): ProjectFilter {
  const clauses: string[] = ['TRUE'];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  const name = first(query.name);
  if (name) add((p) => `p.name = ${p}`, name);
  const contains = first(query.name__contains);
  if (contains) add((p) => `p.name LIKE '%' || ${p} || '%'`, likeEscape(contains));
  const starts = first(query.name__startswith);
  if (starts) add((p) => `p.name LIKE ${p} || '%'`, likeEscape(starts));
  const ends = first(query.name__endswith);
  if (ends) add((p) => `p.name LIKE '%' || ${p}`, likeEscape(ends));
  const names = first(query.names);
  if (names) {
    const entries = names.split(',').map((n) => n.trim()).filter((n) => n !== '');
    if (entries.length > 0) add((p) => `EXISTS (SELECT 1 FROM unnest(${p}::text[]) n WHERE p.name LIKE '%' || n || '%')`, entries.map(likeEscape));
  }
  const uuid = first(query.uuid);
  if (uuid) {
    if (!UUID_RE.test(uuid)) throw new ProjectFilterError({ uuid: ['Enter a valid UUID.'] });
    add((p) => `p.uuid = ${p}`, uuid);
  }
  const archived = first(query.is_archived);
  if (archived) {
    const b = parseBooleanFilter(archived);
    if (b !== null) add((p) => `p.is_archived = ${p}`, b);
  }
  const label = first(query.label);
  if (label) add((p) => `${p} = ANY(p.label_slugs)`, label);
  return { where: clauses.join(' AND '), params };
}
