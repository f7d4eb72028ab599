import { slugify } from './slugify';

describe('slugify (Django)', () => {
  it.each([
    ['My Project', 'my-project'],
    [' Joel is a slug ', 'joel-is-a-slug'],
    ['Hello, World!', 'hello-world'],
    ['a  -  b', 'a-b'],
    ['a\tb\nc', 'a-b-c'],
    ['scan: v1.2 (final)', 'scan-v12-final'],
    ['--foo__bar--', 'foo__bar'],
    ['__init__', 'init'],
    ['Project_2024', 'project_2024'],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('folds accented letters and compatibility forms to ASCII', () => {
    expect(slugify('Ünïcödé Çafé')).toBe('unicode-cafe');
    expect(slugify('ﬁle ½')).toBe('file-12');
  });

  it('drops letters with no ASCII decomposition', () => {
    expect(slugify('Straße')).toBe('strae');
    expect(slugify('日本語')).toBe('');
    expect(slugify('日本 proj')).toBe('proj');
  });

  it('gives an empty slug for punctuation only', () => {
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('')).toBe('');
  });
});
