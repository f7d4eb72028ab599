import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { isSourceMappingInMinified, minifiedSiblingPath, posixName } from './minified-sibling';

describe('minifiedSiblingPath', () => {
  it('drops .map from the file name', () => {
    expect(minifiedSiblingPath('to/a.jar-extract/js/main.js.map')).toBe('to/a.jar-extract/js/main.js');
    expect(minifiedSiblingPath('/to//css/./site.css.map')).toBe('to/css/site.css');
  });

  it('keeps inner .map parts (test_js: main.map.js.map has no minified main.map.js here)', () => {
    expect(minifiedSiblingPath('to/main.map.js.map')).toBe('to/main.map.js');
  });

  it('is null for a name without .map', () => {
    expect(minifiedSiblingPath('to/main.js')).toBeNull();
  });

  it('names a path', () => {
    expect(posixName('to/js/main.js.map')).toBe('main.js.map');
  });
});

describe('isSourceMappingInMinified', () => {
  it('finds the map named in the minified fixture (test_js)', () => {
    const minified = readFileSync(scancodeioTestdata('d2d-javascript', 'to/main.js'), 'utf8');
    expect(isSourceMappingInMinified(minified, 'main.js.map')).toBe(true);
    expect(isSourceMappingInMinified(minified, 'unmain.js.map')).toBe(false);
  });

  const lines = (n: number, last: string) => [...Array.from({ length: n }, (_, i) => `code${i}`), last].join('\n');

  it('looks at the last 4 lines of the file (the 5th is the empty one after the final newline)', () => {
    const comment = '//# sourceMappingURL=app.js.map';
    expect(isSourceMappingInMinified(`${comment}\n${lines(2, 'x')}`, 'app.js.map')).toBe(true);
    expect(isSourceMappingInMinified(`${comment}\n${lines(3, 'x')}`, 'app.js.map')).toBe(false);
    expect(isSourceMappingInMinified(`${comment}\n${lines(2, 'x')}\n`, 'app.js.map')).toBe(true);
    expect(isSourceMappingInMinified(`${comment}\r\n${lines(2, 'x').replace(/\n/g, '\r')}`, 'app.js.map')).toBe(true);
  });

  it('is false for an empty file', () => {
    expect(isSourceMappingInMinified('', 'app.js.map')).toBe(false);
  });
});
