import { buildProjectFilter, ProjectFilterError } from './project-filters';

const UUID = '5f3c2d9e-8a41-4b7c-9d2e-1a2b3c4d5e6f';

describe('buildProjectFilter', () => {
  it('matches everything without filters, and ignores unknown or empty parameters', () => {
    expect(buildProjectFilter({})).toEqual({ where: 'TRUE', params: [] });
    expect(buildProjectFilter({ slug: 'x', search: 'y', page: '2', name: '', names: ' , ,' })).toEqual({ where: 'TRUE', params: [] });
  });

  it('filters on the exact name', () => {
    expect(buildProjectFilter({ name: 'My Project' })).toEqual({ where: 'TRUE AND p.name = $1', params: ['My Project'] });
  });

  it('uses case-sensitive LIKE for contains, startswith and endswith, with wildcards escaped', () => {
    expect(buildProjectFilter({ name__contains: '50%_a' })).toEqual({ where: "TRUE AND p.name LIKE '%' || $1 || '%'", params: ['50\\%\\_a'] });
    expect(buildProjectFilter({ name__startswith: 'a\\b' })).toEqual({ where: "TRUE AND p.name LIKE $1 || '%'", params: ['a\\\\b'] });
    expect(buildProjectFilter({ name__endswith: 'z' })).toEqual({ where: "TRUE AND p.name LIKE '%' || $1", params: ['z'] });
  });

  it('ORs `names` entries, trimmed, skipping empty ones', () => {
    const f = buildProjectFilter({ names: 'nal, pro2ject, ' });
    expect(f.where).toBe("TRUE AND EXISTS (SELECT 1 FROM unnest($1::text[]) n WHERE p.name LIKE '%' || n || '%')");
    expect(f.params).toEqual([['nal', 'pro2ject']]);
    expect(buildProjectFilter({ names: '100%' }).params).toEqual([['100\\%']]);
  });

  it('filters on a well-formed uuid', () => {
    expect(buildProjectFilter({ uuid: UUID })).toEqual({ where: 'TRUE AND p.uuid = $1', params: [UUID] });
  });

  it('refuses a malformed uuid with a field error', () => {
    let error: unknown;
    try {
      buildProjectFilter({ uuid: 'not-a-uuid' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProjectFilterError);
    expect((error as ProjectFilterError).errors).toEqual({ uuid: ['Enter a valid UUID.'] });
  });

  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
    ['0', false],
  ])('reads is_archived=%s as %s (django-filter BooleanWidget)', (value, expected) => {
    expect(buildProjectFilter({ is_archived: value })).toEqual({ where: 'TRUE AND p.is_archived = $1', params: [expected] });
  });

  it.each(['yes', 'no', '2', 'on'])('ignores is_archived=%s', (value) => {
    expect(buildProjectFilter({ is_archived: value })).toEqual({ where: 'TRUE', params: [] });
  });

  it('filters on a label slug', () => {
    expect(buildProjectFilter({ label: 'odd-one' })).toEqual({ where: 'TRUE AND $1 = ANY(p.label_slugs)', params: ['odd-one'] });
  });

  it('uses the last value of a repeated parameter, as Django does', () => {
    expect(buildProjectFilter({ name: ['a', 'b'] }).params).toEqual(['b']);
  });

  it('ANDs several filters with numbered parameters in order', () => {
    const f = buildProjectFilter({ label: 'l', name: 'n', is_archived: 'false', name__startswith: 's' });
    expect(f.where).toBe("TRUE AND p.name = $1 AND p.name LIKE $2 || '%' AND p.is_archived = $3 AND $4 = ANY(p.label_slugs)");
    expect(f.params).toEqual(['n', 's', false, 'l']);
  });
});
