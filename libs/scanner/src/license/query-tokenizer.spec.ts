import { tokenizeQuery } from './query-tokenizer';
import { STOPWORDS, WORD } from './tokenize';
import { WordTable } from './word-table';

/** What the tokenizer must give: the WORD regex over each (lowercased) line, stopwords dropped. */
function expected(lines: string[], dictionary: string[]): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  lines.forEach((text, li) => {
    const t = text.toLowerCase();
    for (const m of t.matchAll(WORD)) {
      if (STOPWORDS.has(m[0])) continue;
      out.push([li + 1, dictionary.indexOf(m[0]), m.index ?? 0, m[0].length]);
    }
  });
  return out;
}

function tokens(lines: string[], dictionary: string[]): [number, number, number, number][] {
  const q = tokenizeQuery(lines.map((text, i) => ({ line: i + 1, text })), new WordTable(dictionary));
  return Array.from({ length: q.count }, (_, i) => [q.lines[i], q.ids[i], q.starts[i], q.lengths[i]]);
}

describe('tokenizeQuery', () => {
  const dictionary = ['gpl', '2', '0+', 'c+', 'licence', 'lizenz', 'größe', 'лицензия', '许可证', '𝒜bc', 'i̇stanbul', 'mit'];

  it('finds the words the WORD regex finds, in ASCII lines and in lines of other scripts', () => {
    const lines = [
      'GPL-2.0+ licensed, see C++ and the MIT licence.',
      'Lizenz: GRÖSSE größe Größe — лицензия ЛИЦЕНЗИЯ, 许可证 (MIT)',
      'Emoji 😀 between words, 𝒜bc a mathematical letter, İstanbul with a dotted capital',
      'a lone surrogate \ud800 and \udc00 end, c++ again; x+ at the end +',
      'é+ and +é, 2+0+ and naïve+',
      '',
      '\u00a0 ¹²³ ½ digits of other kinds: ٣ ४',
    ];
    expect(tokens(lines, dictionary)).toEqual(expected(lines, dictionary));
  });

  it('gives ids to words of other scripts that the dictionary has, and -1 to the rest', () => {
    const found = tokens(['ЛИЦЕНЗИЯ 许可证 𝒜BC unknownword'], dictionary);
    expect(found.map(([, id]) => id)).toEqual([dictionary.indexOf('лицензия'), dictionary.indexOf('许可证'), dictionary.indexOf('𝒜bc'), -1]);
  });

  it('scans a long minified line with one non-ASCII character as the regex does', () => {
    const line = `${'var a=b+c;function licence(x){return x+1}'.repeat(2000)}"é"`;
    expect(tokens([line], dictionary)).toEqual(expected([line], dictionary));
  });
});
