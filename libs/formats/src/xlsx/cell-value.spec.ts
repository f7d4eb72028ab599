import { adaptValueForXlsx, pythonSplitLines, truncationMessage, XLSX_MAX_CELL_LENGTH } from './cell-value';
import { pythonRepr, pythonStr } from './python-str';

const cell = (field: string, value: unknown) => adaptValueForXlsx(field, value).value;

describe('adaptValueForXlsx', () => {
  it('leaves falsy values empty', () => {
    for (const value of [null, undefined, false, 0, '', [], {}]) expect(adaptValueForXlsx('x', value)).toEqual({ value: '', error: null });
  });

  it('writes scalars as Python str()', () => {
    expect(cell('is_binary', true)).toBe('True');
    expect(cell('size', 1234)).toBe('1234');
    expect(cell('path', 'a/b.c')).toBe('a/b.c');
    expect(cell('percentage_of_license_text', 100)).toBe('100.0');
    expect(cell('percentage_of_license_text', 12.5)).toBe('12.5');
  });

  it('takes the inner value of copyrights, holders, authors, emails and urls', () => {
    expect(cell('copyrights', [{ copyright: 'Copyright (c) A', start_line: 1, end_line: 1 }])).toBe('Copyright (c) A');
    expect(cell('holders', [{ holder: 'A Inc.', start_line: 1, end_line: 1 }, { holder: 'B', start_line: 2, end_line: 2 }])).toBe('A Inc.\nB');
    expect(cell('authors', [{ author: 'Jane' }])).toBe('Jane');
    expect(cell('emails', [{ email: 'a@b.c' }])).toBe('a@b.c');
    expect(cell('urls', [{ url: 'https://x.y/' }])).toBe('https://x.y/');
  });

  it('de-duplicates lists in order, drops falsy items and joins with newlines', () => {
    expect(cell('for_packages', ['b', 'a', 'b', '', 'c', 'a'])).toBe('b\na\nc');
    expect(cell('emails', [{ email: 'x@y.z' }, { email: 'x@y.z' }])).toBe('x@y.z');
  });

  it('renders list items that are objects as Python dicts', () => {
    const party = { type: 'person', role: 'author', name: "O'Brien", email: null, url: null };
    expect(cell('parties', [party])).toBe(`{'type': 'person', 'role': 'author', 'name': "O'Brien", 'email': None, 'url': None}`);
  });

  it('dumps objects as YAML', () => {
    expect(cell('details', { resource_path: 'a/b', count: 2, nested: { ok: true, none: null }, list: ['x', 'y'] })).toBe(
      'resource_path: a/b\ncount: 2\nnested:\n  ok: yes\n  none:\nlist:\n  - x\n  - y\n',
    );
  });

  it('keeps the first 5 lines of description', () => {
    expect(cell('description', 'l1\nl2\r\nl3\nl4\nl5\nl6\nl7')).toBe('l1\nl2\nl3\nl4\nl5');
    expect(cell('notes', 'l1\nl2\nl3\nl4\nl5\nl6')).toBe('l1\nl2\nl3\nl4\nl5\nl6');
  });

  it('turns CRLF into LF', () => {
    expect(cell('notice_text', 'a\r\nb\r\n')).toBe('a\nb\n');
  });

  it('truncates long values to 32767 characters and reports it', () => {
    const long = 'x'.repeat(XLSX_MAX_CELL_LENGTH + 10);
    const result = adaptValueForXlsx('notice_text', long);
    expect(result.value).toHaveLength(XLSX_MAX_CELL_LENGTH);
    expect(result.error).toBe(
      'The value of: notice_text has been truncated from: 32777 to 32767 length to fit in an XLSX cell maximum length',
    );
    expect(truncationMessage('f', 40000)).toContain('from: 40000 to 32767');
    expect(adaptValueForXlsx('a', 'x'.repeat(XLSX_MAX_CELL_LENGTH)).error).toBeNull();
  });

  it('counts code points like Python', () => {
    const emoji = '😀'.repeat(XLSX_MAX_CELL_LENGTH); // 2 UTF-16 units each, 32767 code points
    expect(adaptValueForXlsx('a', emoji).error).toBeNull();
    expect(adaptValueForXlsx('a', emoji + 'x').error).toContain('from: 32768 to 32767');
  });
});

describe('python helpers', () => {
  it('splitlines drops the trailing line break', () => {
    expect(pythonSplitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(pythonSplitLines('a\r\nb\rc')).toEqual(['a', 'b', 'c']);
  });

  it('repr/str follow Python', () => {
    expect(pythonRepr(['a', 1, true, null])).toBe("['a', 1, True, None]");
    expect(pythonRepr('it\'s "x"')).toBe("'it\\'s \"x\"'");
    expect(pythonStr({ a: [1] })).toBe("{'a': [1]}");
  });
});
