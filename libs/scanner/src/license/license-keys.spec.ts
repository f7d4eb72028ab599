import { combineAnd } from './expression';
import { scancodeToSpdx, spdxToScancode } from './license-keys';

describe('ScanCode keys and SPDX ids', () => {
  it.each([
    ['MIT', 'mit'],
    ['Apache-2.0', 'apache-2.0'],
    ['GPL-2.0-only', 'gpl-2.0'],
    ['GPL-2.0-or-later', 'gpl-2.0-plus'],
    ['GPL-2.0+', 'gpl-2.0-plus'],
    ['LGPL-2.1-or-later', 'lgpl-2.1-plus'],
    ['AGPL-3.0-or-later', 'agpl-3.0-plus'],
    ['BSD-3-Clause', 'bsd-new'],
    ['BSD-2-Clause', 'bsd-simplified'],
    ['0BSD', 'bsd-zero'],
    ['Zlib', 'zlib'],
    ['Unlicense', 'unlicense'],
    ['CC0-1.0', 'cc0-1.0'],
    ['mpl-2.0', 'mpl-2.0'],
    ['No-Such-License', 'unknown-spdx'],
    ['LicenseRef-scancode-other-permissive', 'other-permissive'],
  ])('%s ↔ %s', (spdx, key) => {
    expect(spdxToScancode(spdx)).toBe(key);
  });

  it('renders expressions both ways', () => {
    expect(spdxToScancode('(MIT OR Apache-2.0) AND GPL-2.0-or-later WITH Classpath-exception-2.0')).toBe(
      '(mit OR apache-2.0) AND gpl-2.0-plus WITH classpath-exception-2.0',
    );
    expect(scancodeToSpdx('gpl-2.0-plus OR bsd-new')).toBe('GPL-2.0-or-later OR BSD-3-Clause');
    expect(scancodeToSpdx('proprietary-license')).toBe('LicenseRef-scancode-proprietary-license');
  });

  it('combines expressions with AND, each once', () => {
    expect(combineAnd(['mit', 'apache-2.0 OR mit', 'mit'])).toBe('mit AND (apache-2.0 OR mit)');
    expect(combineAnd([])).toBeNull();
  });
});
