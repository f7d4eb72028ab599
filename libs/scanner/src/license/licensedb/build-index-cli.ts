/**
 * Build step (`npm run build` runs it): reads ScanCode's LicenseDB archive and writes what the
 * engine loads at run time: the license index (one binary file, shared by all worker threads)
 * the license table (keys, SPDX ids, names, categories, full texts) and the license and rule
 * references (the toolkit's --license-references), the rules' ignorable clues (--filter-clues).
 *   node build-index-cli.js <scancode-licensedb.tar.xz> <out-dir>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildIndexData } from '../index-data/build-index-data';
import { encodeIndex } from '../index-data/index-codec';
import { INDEX_FILE } from '../index-data/index-file';
import { licenseDbSources } from './licensedb-sources';
import { licenseTable, licenseTexts, LICENSE_TABLE_FILE, LICENSE_TEXTS_FILE } from './license-table';
import { readLicenseDbArchive } from './read-licensedb';
import { licenseReferenceTable, LICENSE_REFERENCES_FILE } from './license-references';
import { licenseIgnorablesTable, LICENSE_IGNORABLES_FILE } from './license-ignorables';

async function main(): Promise<void> {
  const [archive, outDir] = process.argv.slice(2);
  if (!archive || !outDir) throw new Error('usage: build-index-cli <scancode-licensedb.tar.xz> <out-dir>');
  const started = Date.now();
  const db = await readLicenseDbArchive(archive);
  const index = encodeIndex(buildIndexData(licenseDbSources(db)));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, basename(INDEX_FILE)), index);
  writeFileSync(join(outDir, LICENSE_TABLE_FILE), JSON.stringify(licenseTable(db)));
  writeFileSync(join(outDir, LICENSE_TEXTS_FILE), JSON.stringify(licenseTexts(db)));
  writeFileSync(join(outDir, LICENSE_REFERENCES_FILE), JSON.stringify(licenseReferenceTable(db)));
  writeFileSync(join(outDir, LICENSE_IGNORABLES_FILE), JSON.stringify(licenseIgnorablesTable(db)));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`license index: ${db.licenses.length} licenses, ${db.rules.length} rules, ${(index.length / 2 ** 20).toFixed(1)} MiB in ${seconds} s\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
