import { normalizeTextLines } from './text-lines';

describe('normalizeTextLines', () => {
  it('keeps empty text empty', () => {
    expect(normalizeTextLines('')).toBe('');
  });

  it('ends the last line with a newline', () => {
    expect(normalizeTextLines('a')).toBe('a\n');
    expect(normalizeTextLines('a\nb')).toBe('a\nb\n');
  });

  it('does not add a line after a final newline', () => {
    expect(normalizeTextLines('a\n')).toBe('a\n');
  });

  it('turns CRLF and lone CR endings into LF', () => {
    expect(normalizeTextLines('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });

  it('keeps blank lines, including trailing ones before the last newline', () => {
    expect(normalizeTextLines('\n\na\n\n')).toBe('\n\na\n\n');
    expect(normalizeTextLines('\r\n')).toBe('\n');
  });
});
