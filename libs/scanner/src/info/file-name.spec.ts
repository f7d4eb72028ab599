import { splitName } from './file-name';

describe('splitName', () => {
  it.each([
    ['index.js', 'index', '.js'],
    ['archive.tar.gz', 'archive', '.tar.gz'],
    ['archive.tar.bz2', 'archive', '.tar.bz2'],
    ['foo.min.js', 'foo.min', '.js'],
    ['.bashrc', '.bashrc', ''],
    ['.eslintrc.json', '.eslintrc', '.json'],
    ['Makefile', 'Makefile', ''],
    ['trailing.', 'trailing', '.'],
  ])('%s', (name, base_name, extension) => {
    expect(splitName(name, true)).toEqual({ base_name, extension });
  });

  it('gives directories no extension', () => {
    expect(splitName('lodash.merge', false)).toEqual({ base_name: 'lodash.merge', extension: '' });
  });
});
