import { createReadStream } from 'node:fs';
import { extract } from 'tar-stream';
import { decompress } from '../../archive/compression';
import { parseLicenseFile, parseRuleFile, type LicenseRecord, type RuleRecord } from './licensedb-records';

export interface LicenseDb {
  licenses: LicenseRecord[];
  rules: RuleRecord[];
}

/**
 * Reads ScanCode's LicenseDB archive (`src/licensedcode/data/{licenses,rules}/*`, xz-compressed
 * tar) as records, in file-name order. Build-time code: the engine reads the index built from it.
 */
export async function readLicenseDbArchive(path: string): Promise<LicenseDb> {
  const licenses: LicenseRecord[] = [];
  const rules: RuleRecord[] = [];
  const tar = extract();
  decompress(createReadStream(path), 'xz').pipe(tar);
  for await (const entry of tar) {
    const name = entry.header.name;
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.type !== 'file') continue;
    const file = name.slice(name.lastIndexOf('/') + 1);
    const content = Buffer.concat(chunks).toString('utf8');
    try {
      if (name.includes('/licenses/') && file.endsWith('.LICENSE')) licenses.push(parseLicenseFile(content));
      else if (name.includes('/rules/') && file.endsWith('.RULE')) rules.push(parseRuleFile(file, content));
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }
  licenses.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  rules.sort((a, b) => (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0));
  return { licenses, rules };
}
