import { buildRecordFilter, FilterSpec, RecordFilterError } from './record-filters';

const SPECS: Record<string, FilterSpec> = {
  path: { column: 'r.path', filter: { kind: 'text' } },
  size: { column: 'r.size', filter: { kind: 'number' } },
  release_date: { column: 'p.release_date', filter: { kind: 'date' } },
  is_binary: { column: 'r.is_binary', filter: { kind: 'bool' } },
  is_private: { column: 'p.is_private', filter: { kind: 'strict-bool' } },
  compliance_alert: { column: 'r.compliance_alert', filter: { kind: 'choice', values: ['', 'ok', 'warning', 'error', 'missing'] } },
  copyrights: { column: 'r.copyrights', filter: { kind: 'json-contains' } },
  extra_data: { column: 'r.extra_data', filter: { kind: 'json-icontains' } },
};

function build(query: Record<string, string>, params: unknown[] = []): { clauses: string[]; params: unknown[] } {
  return { clauses: buildRecordFilter(SPECS, query, params), params };
}

function errorsOf(query: Record<string, string>): Record<string, string[]> {
  try {
    buildRecordFilter(SPECS, query, []);
  } catch (error) {
    if (error instanceof RecordFilterError) return error.errors;
    throw error;
  }
  throw new Error('no error');
}

describe('buildRecordFilter', () => {
  it('ignores unknown parameters and empty values', () => {
    expect(build({ slug: 'x', page: '2', path: '', size: '' })).toEqual({ clauses: [], params: [] });
  });

  it('matches text exactly, keeping decoded characters', () => {
    expect(build({ path: 'src/a%b_c.C#' })).toEqual({ clauses: ['r.path = $1'], params: ['src/a%b_c.C#'] });
  });

  it('numbers bind parameters after the ones already there', () => {
    expect(build({ path: 'a', size: '10' }, ['uuid'])).toEqual({ clauses: ['r.path = $2', 'r.size = $3::numeric'], params: ['uuid', 'a', '10'] });
  });

  it.each(['0', '-1.5', '+2', '.5', '5.', '1e3', '1E-2'])('accepts size=%j as Python Decimal does, compared as numeric', (value) => {
    expect(build({ size: value })).toEqual({ clauses: ['r.size = $1::numeric'], params: [value] });
  });

  it('trims spaces around a number', () => {
    expect(build({ size: ' 7 ' }).params).toEqual(['7']);
  });

  it.each(['a', '1,000', '12abc', '1.2.3', 'NaN', 'Infinity', '0x10', '.'])('refuses size=%j with "Enter a number."', (value) => {
    expect(errorsOf({ size: value })).toEqual({ size: ['Enter a number.'] });
  });

  it('reads dates as YYYY-MM-DD only', () => {
    expect(build({ release_date: '2024-02-29' })).toEqual({ clauses: ['p.release_date = $1::date'], params: ['2024-02-29'] });
    expect(errorsOf({ release_date: '29/02/2024' })).toEqual({ release_date: ['Enter a valid date.'] });
  });

  it.each([
    ['true', true],
    ['True', true],
    ['2', true],
    ['false', false],
    ['False', false],
    ['3', false],
  ])('reads the NullBoolean spelling %j as %s', (value, expected) => {
    expect(build({ is_binary: value })).toEqual({ clauses: ['r.is_binary = $1'], params: [expected] });
  });

  it.each(['1', '0', 'yes', 'TRUE', 'unknown'])('ignores the NullBoolean value %j', (value) => {
    expect(build({ is_binary: value })).toEqual({ clauses: [], params: [] });
  });

  it('accepts only True or False for a strict boolean', () => {
    expect(build({ is_private: 'True' }).params).toEqual([true]);
    expect(build({ is_private: 'False' }).params).toEqual([false]);
    expect(errorsOf({ is_private: 'true' })).toEqual({ is_private: ['Select a valid choice. true is not one of the available choices.'] });
  });

  it('accepts listed choices and refuses others with the Django message', () => {
    expect(build({ compliance_alert: 'warning' })).toEqual({ clauses: ['r.compliance_alert = $1'], params: ['warning'] });
    expect(errorsOf({ compliance_alert: 'a' })).toEqual({ compliance_alert: ['Select a valid choice. a is not one of the available choices.'] });
  });

  it('matches JSON lists as text, case-sensitively, excluding empty lists', () => {
    expect(build({ copyrights: 'Copyright 50%' })).toEqual({
      clauses: ["(r.copyrights::text LIKE '%' || $1 || '%' AND r.copyrights::text <> '[]')"],
      params: ['Copyright 50\\%'],
    });
  });

  it('matches extra_data as text, case-insensitively', () => {
    expect(build({ extra_data: 'a_b' })).toEqual({ clauses: ["r.extra_data::text ILIKE '%' || $1 || '%'"], params: ['a\\_b'] });
  });

  it('treats _EMPTY_ and _ANY_ as emptiness tests on any kind of field, without binding', () => {
    const empty = "(r.size IS NULL OR r.size::text IN ('', '[]', '{}'))";
    expect(build({ size: '_EMPTY_' })).toEqual({ clauses: [empty], params: [] });
    expect(build({ size: '_ANY_' })).toEqual({ clauses: [`NOT ${empty}`], params: [] });
    expect(build({ is_private: '_EMPTY_', compliance_alert: '_ANY_' }).clauses).toHaveLength(2);
  });

  it('reports every invalid field at once', () => {
    expect(errorsOf({ size: 'a', compliance_alert: 'b', path: 'ok' })).toEqual({
      size: ['Enter a number.'],
      compliance_alert: ['Select a valid choice. b is not one of the available choices.'],
    });
  });
});
