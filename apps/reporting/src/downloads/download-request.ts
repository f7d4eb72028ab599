import { CYCLONEDX_SPEC_VERSIONS, CycloneDxSpecVersion, SPDX_VERSIONS, SpdxVersion } from '@sca/formats';
import { FILE_FORMATS, FileFormat, OutputOptions } from './output-generator';

export const DOWNLOAD_FORMATS = [...FILE_FORMATS, 'all_formats', 'all_outputs'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export class DownloadRequestError extends Error {}

export interface DownloadRequest {
  format: DownloadFormat;
  options: OutputOptions;
}

/**
 * `output_format` (default json), `version` for spdx and cyclonedx, and `format` (json or xml)
 * for cyclonedx. Unlike ScanCode.io, an unknown version is a 400, not a 500 (ARCHITECTURE §8).
 */
export function parseDownloadRequest(query: Record<string, string | undefined>): DownloadRequest {
  const format = query['output_format'] || 'json';
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) throw new DownloadRequestError(`Format ${format} not supported.`);
  const version = query['version'] || undefined;
  const options: OutputOptions = {};
  if (version !== undefined && format === 'spdx') {
    if (!(SPDX_VERSIONS as readonly string[]).includes(version)) throw new DownloadRequestError(`SPDX version ${version} not supported; use one of ${SPDX_VERSIONS.join(', ')}.`);
    options.spdxVersion = version as SpdxVersion;
  }
  if (version !== undefined && format === 'cyclonedx') {
    if (!(CYCLONEDX_SPEC_VERSIONS as readonly string[]).includes(version)) {
      throw new DownloadRequestError(`CycloneDX version ${version} not supported; use one of ${CYCLONEDX_SPEC_VERSIONS.join(', ')}.`);
    }
    options.cyclonedxVersion = version as CycloneDxSpecVersion;
  }
  const cdxFormat = query['format'];
  if (cdxFormat !== undefined && cdxFormat !== '' && format === 'cyclonedx') {
    if (cdxFormat !== 'json' && cdxFormat !== 'xml') throw new DownloadRequestError(`CycloneDX format ${cdxFormat} not supported; use json or xml.`);
    options.cyclonedxFormat = cdxFormat;
  }
  return { format: format as DownloadFormat, options };
}

export function isFileFormat(format: DownloadFormat): format is FileFormat {
  return (FILE_FORMATS as readonly string[]).includes(format);
}
