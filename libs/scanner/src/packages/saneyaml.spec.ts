import { saneYamlDump } from './saneyaml';

describe('saneYamlDump', () => {
  it('writes a list of strings as ScanCode writes an npm license list', () => {
    expect(saneYamlDump(['MIT'])).toBe('- MIT\n');
  });

  it('starts a mapping or a list inside a list item on the item\'s line, as PyYAML does', () => {
    expect(saneYamlDump([{ type: 'MIT', url: 'https://example.com/LICENSE' }, 'Apache-2.0'])).toBe('- type: MIT\n  url: https://example.com/LICENSE\n- Apache-2.0\n');
    expect(saneYamlDump([['a', 'b'], 'c'])).toBe('- - a\n  - b\n- c\n');
  });
});
