/**
 * `nuget_nupkg`: a NuGet package archive. ScanCode 32 only recognizes the file (a bare
 * PackageData); here the `.nuspec` at the archive root is read as the package's metadata, with
 * the nupkg datasource id. A truncated or non-zip file throws.
 */
import type { DatafileHandler } from '../handler';
import type { PackageData } from '../package-data';
import { parseNuspec } from './nuspec';
import { readZipEntry, zipEntries } from './zip-entries';

export const nugetNupkgHandler: DatafileHandler = {
  datasourceId: 'nuget_nupkg',
  pathPatterns: ['*.nupkg'],
  defaultPackageType: 'nuget',
  defaultPrimaryLanguage: null,
  description: 'NuGet nupkg package archive',
  documentationUrl: 'https://en.wikipedia.org/wiki/Open_Packaging_Conventions',
  parse: ({ content }) => parseNupkg(content),
};

export function parseNupkg(content: Buffer): PackageData[] {
  let entries;
  try {
    entries = zipEntries(content);
  } catch (e) {
    throw new Error(`invalid nupkg: ${(e as Error).message}`);
  }
  const nuspec = entries.find((e) => !e.name.includes('/') && e.name.toLowerCase().endsWith('.nuspec'));
  if (!nuspec) return [];
  return parseNuspec(readZipEntry(content, nuspec), 'nuget_nupkg');
}
