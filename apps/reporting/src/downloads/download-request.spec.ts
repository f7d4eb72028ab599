import { DownloadRequestError, parseDownloadRequest } from './download-request';

describe('parseDownloadRequest', () => {
  it('defaults to json', () => {
    expect(parseDownloadRequest({})).toEqual({ format: 'json', options: {} });
  });

  it("answers an unknown format with ScanCode.io's message", () => {
    expect(() => parseDownloadRequest({ output_format: 'pdf' })).toThrow(new DownloadRequestError('Format pdf not supported.'));
  });

  it('passes SPDX and CycloneDX versions and the CycloneDX syntax', () => {
    expect(parseDownloadRequest({ output_format: 'spdx', version: '2.2' }).options).toEqual({ spdxVersion: '2.2' });
    expect(parseDownloadRequest({ output_format: 'cyclonedx', version: '1.5', format: 'xml' }).options).toEqual({ cyclonedxVersion: '1.5', cyclonedxFormat: 'xml' });
  });

  it('refuses versions and syntaxes the writers do not support, instead of failing later', () => {
    expect(() => parseDownloadRequest({ output_format: 'spdx', version: '3.0' })).toThrow(DownloadRequestError);
    expect(() => parseDownloadRequest({ output_format: 'cyclonedx', version: '1.3' })).toThrow(DownloadRequestError);
    expect(() => parseDownloadRequest({ output_format: 'cyclonedx', format: 'yaml' })).toThrow(DownloadRequestError);
  });

  it('ignores version for formats that have none, as ScanCode.io does', () => {
    expect(parseDownloadRequest({ output_format: 'xlsx', version: '9' })).toEqual({ format: 'xlsx', options: {} });
  });
});
