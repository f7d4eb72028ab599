import { colocatedBySource, colocationArchivePrefix, colocationFromPrefix } from './colocation';

describe('colocation', () => {
  it('finds the archive a deployed file was extracted from', () => {
    expect(colocationArchivePrefix('to/app.war-extract/WEB-INF/lib/x.jar-extract/js/a.js.map')).toBe('to/app.war-extract/WEB-INF/lib/x.jar');
    expect(colocationArchivePrefix('to/js/a.js.map')).toBeNull();
  });

  it('takes the common prefix of the neighbours character by character (os.path.commonprefix)', () => {
    expect(colocationFromPrefix(['from/src/main/js/a.js', 'from/src/main/js/b.js'])).toBe('from/src/main/js/');
    expect(colocationFromPrefix(['from/src/main/a.js', 'from/src/map/b.js'])).toBe('from/src/ma');
    expect(colocationFromPrefix(['from/src/main/a.js'])).toBe('from/src/main/a.js');
  });

  it('needs a prefix of at least 2 path parts', () => {
    expect(colocationFromPrefix(['from/a.js', 'from/b.js'])).toBeNull(); // "from/" has one part
    expect(colocationFromPrefix(['from/a.js', 'other/b.js'])).toBeNull();
    expect(colocationFromPrefix([])).toBeNull();
  });

  it('colocates by the first source when exactly one file under the prefix ends with it', () => {
    const files = [
      { id: 1, path: 'from/src/main/js/a.js' },
      { id: 2, path: 'from/src/main/other/a.js' },
      { id: 3, path: 'from/src/main/js/b.js' },
    ];
    expect(colocatedBySource('js/a.js', files)).toBe(1);
    expect(colocatedBySource('a.js', files)).toBeNull();
    expect(colocatedBySource('c.js', files)).toBeNull();
  });
});
