import { contentDisposition, contentTypeFor, outputTimestamp, safeFilename } from './output-names';

describe('output names', () => {
  it('makes ScanCode.io safe file names', () => {
    expect(safeFilename('scancodeio_Analysis_results-2010-10-10-10-10-10.cdx.json')).toBe('scancodeio_analysis_results-2010-10-10-10-10-10.cdx.json');
    expect(safeFilename('My Project / été!!.zip')).toBe('my_project_t_.zip');
  });

  it('stamps output names with the UTC date and time', () => {
    expect(outputTimestamp(new Date(Date.UTC(2010, 9, 10, 8, 5, 3)))).toBe('2010-10-10-08-05-03');
  });

  it('guesses the content type from the extension', () => {
    expect(contentTypeFor('results.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeFor('results.spdx.json')).toBe('application/json');
    expect(contentTypeFor('results.cdx.xml')).toBe('application/xml');
    expect(contentTypeFor('a.attribution.html')).toBe('text/html');
    expect(contentTypeFor('x.zip')).toBe('application/zip');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
  });

  it('quotes file names safely in Content-Disposition', () => {
    expect(contentDisposition('attachment', 'a.json')).toBe('attachment; filename="a.json"');
    expect(contentDisposition('inline', 'é "x".txt')).toBe(`inline; filename="_ _x_.txt"; filename*=UTF-8''%C3%A9%20%22x%22.txt`);
  });
});
