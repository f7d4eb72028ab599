import { writeFile } from 'node:fs/promises';
import { ZipFile } from 'yazl';

/** A zip of the entries (name to content), in memory. */
export function zipBuffer(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/** A zip file of the entries (name to content). */
export async function writeZip(target: string, entries: Record<string, string | Buffer>): Promise<void> {
  await writeFile(target, await zipBuffer(entries));
}
