/**
 * The SBOM import entry point: detects the format (or takes the detected one), reads the syntax
 * and maps the document. Whole-document problems throw SbomParseError naming the file; problems of
 * single packages, relationships or tag-value lines are returned in `errors`.
 */
import { basename } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { detectSbom } from './detect';
import { importSpdxDocument } from './spdx-document';
import { readSpdxTagValue } from './spdx-tag-value';
import { importCyclonedxDocument } from './cyclonedx-document';
import { readCyclonedxXml } from './cyclonedx-xml';
import { SbomParseError, type SbomFormat, type SbomImportResult } from './types';

export function parseSbom(path: string, content: Buffer, format: SbomFormat | null = detectSbom(path, content)): SbomImportResult {
  const fileName = basename(path);
  if (!format) throw new SbomParseError(fileName, 'not a recognized SPDX or CycloneDX document');
  switch (format) {
    case 'spdx-json':
      return importSpdxDocument(fileName, readJson(fileName, content), format);
    case 'spdx-yaml':
      return importSpdxDocument(fileName, readYaml(fileName, content), format);
    case 'spdx-tv': {
      const { doc, problems } = readSpdxTagValue(decode(content));
      const result = importSpdxDocument(fileName, doc, format);
      result.errors.unshift(...problems);
      return result;
    }
    case 'cyclonedx-json':
      return importCyclonedxDocument(fileName, readJson(fileName, content), format);
    case 'cyclonedx-xml':
      return importCyclonedxDocument(fileName, readCyclonedxXml(fileName, content), format);
  }
}

function decode(content: Buffer): string {
  return content.toString('utf8').replace(/^\uFEFF/, '');
}

function readJson(fileName: string, content: Buffer): unknown {
  try {
    return JSON.parse(decode(content));
  } catch (e) {
    throw new SbomParseError(fileName, `invalid JSON: ${(e as Error).message}`);
  }
}

function readYaml(fileName: string, content: Buffer): unknown {
  try {
    // Aliases are capped so that a "billion laughs" document cannot blow up.
    return parseYaml(decode(content), { maxAliasCount: 100 });
  } catch (e) {
    throw new SbomParseError(fileName, `invalid YAML: ${(e as Error).message}`);
  }
}
