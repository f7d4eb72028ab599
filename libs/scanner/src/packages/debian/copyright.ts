/**
 * Debian copyright files (ScanCode's debian_copyright.py). A DEP-5 machine-readable file gives
 * the license names of its header/Files/License paragraphs as the extracted statement (written
 * like ScanCode's Python list: `['GPL-2+', 'MIT']`) and its unique Copyright lines; any other
 * file (or a DEP-5 one that does not parse as deb822) is unstructured: no statement, and the
 * copyrights the copyright detector finds in the whole text. License detection is central.
 */
import { detectCopyrights } from '../../copyright';
import { textLines } from '../../text';
import { baseName, datafileDir } from '../assembly';
import { fnmatch } from '../fnmatch';
import type { DatafileHandler } from '../handler';
import { packageData, type PackageData } from '../package-data';
import { field, parseParagraphs, type Paragraph } from './deb822';

const DEP5 = /copyright-format|dep5|dep\.debian\.net/i;

function structuredParagraphs(text: string): Paragraph[] | null {
  let paragraphs: Paragraph[];
  try {
    paragraphs = parseParagraphs(text);
  } catch {
    return null;
  }
  const format = paragraphs[0] && field(paragraphs[0], 'format');
  if (!format || !DEP5.test(format)) return null;
  // Like ScanCode: a file of only catch-all paragraphs is not really structured.
  return paragraphs.some((p) => p.has('files') || p.has('license')) ? paragraphs : null;
}

const pyQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function structured(paragraphs: Paragraph[]): { statement: string | null; copyright: string | null } {
  const licenses: string[] = [];
  const copyrights: string[] = [];
  for (const p of paragraphs) {
    const license = field(p, 'license');
    const name = license?.split('\n')[0].trim();
    if (name) licenses.push(name);
    for (const line of (field(p, 'copyright') ?? '').split('\n')) {
      const c = line.trim();
      if (c && c !== '.' && !copyrights.includes(c)) copyrights.push(c);
    }
  }
  return { statement: licenses.length ? `[${licenses.map(pyQuote).join(', ')}]` : null, copyright: copyrights.join('\n') || null };
}

export function parseDebianCopyright(path: string, content: Buffer, datasourceId: string): PackageData[] {
  if (content.includes(0)) throw new Error('not a Debian copyright file: binary content');
  const text = content.toString('utf8');
  const paragraphs = structuredParagraphs(text);
  const { statement, copyright } = paragraphs
    ? structured(paragraphs)
    : { statement: null, copyright: detectCopyrights(textLines(content)).copyrights.map((c) => c.copyright).join('\n') || null };
  const name = fnmatch(`/${path}`, '*usr/share/doc/*/copyright') ? baseName(datafileDir(path)) : null;
  return [packageData(datasourceId, { type: 'deb', name, extracted_license_statement: statement, copyright })];
}

const DOC = 'https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/';

function copyrightHandler(datasourceId: string, pathPatterns: string[], description: string): DatafileHandler {
  return {
    datasourceId,
    pathPatterns,
    defaultPackageType: 'deb',
    defaultPrimaryLanguage: null,
    description,
    documentationUrl: DOC,
    parse: ({ path, content }) => parseDebianCopyright(path, content, datasourceId),
  };
}

export const debianCopyrightInSourceHandler = copyrightHandler('debian_copyright_in_source', ['*/debian/copyright'], 'Debian machine readable file in source');

export const debianCopyrightInPackageHandler: DatafileHandler = {
  ...copyrightHandler('debian_copyright_in_package', ['*usr/share/doc/*/copyright'], 'Debian machine readable file in source'),
  // Merged into its package by the installed-database assembly; nothing on its own.
  assemble: () => undefined,
};

export const debianCopyrightStandaloneHandler: DatafileHandler = {
  ...copyrightHandler('debian_copyright_standalone', ['*/copyright', '*_copyright'], 'Debian machine readable file standalone'),
  // The two handlers above own their paths: no second record for the same file.
  accepts: (_head, path) => !fnmatch(`/${path}`, '*/debian/copyright') && !fnmatch(`/${path}`, '*usr/share/doc/*/copyright'),
};
