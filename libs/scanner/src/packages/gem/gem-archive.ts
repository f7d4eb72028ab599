/**
 * `gem_archive`: .gem files (ScanCode packagedcode/rubygems.py GemArchiveHandler). A .gem is a
 * plain tar holding `metadata.gz` (gzipped YAML of the Gem::Specification), `data.tar.gz` and
 * checksums. The tar is walked synchronously over the Buffer (parse is synchronous; tar-stream is
 * async) and the YAML read with `yaml`, whose unresolved `!ruby/object:…` tags keep their plain
 * maps. The YAML is data only: nothing is instantiated.
 */
import { gunzipSync } from 'node:zlib';
import { parseDocument } from 'yaml';
import type { DatafileHandler } from '../handler';
import type { PackageData } from '../package-data';
import { buildGemPackageData, GEM_COMMON, type GemData, type GemDependency } from './gem-data';

/** The entries of an uncompressed ustar/GNU tar: name -> content. */
export function tarEntries(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= buf.length) {
    const header = buf.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    if (header.toString('latin1', 257, 262) !== 'ustar' && !/^[0-7 ]+\0?$/.test(header.toString('latin1', 124, 136).replace(/\0+$/, ''))) {
      throw new Error('not a .gem archive: invalid tar header');
    }
    const name = cString(header, 0, 100);
    const prefix = header.toString('latin1', 257, 262) === 'ustar' ? cString(header, 345, 155) : '';
    const size = parseInt(cString(header, 124, 12).trim() || '0', 8);
    const start = offset + 512;
    if (Number.isNaN(size) || start + size > buf.length) throw new Error('not a .gem archive: truncated tar entry');
    const type = String.fromCharCode(header[156] || 48);
    if (type === '0' || type === '7') out.set(prefix ? `${prefix}/${name}` : name, buf.subarray(start, start + size));
    offset = start + Math.ceil(size / 512) * 512;
  }
  return out;
}

function cString(b: Buffer, start: number, len: number): string {
  const s = b.toString('latin1', start, start + len);
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

type Yaml = Record<string, unknown>;
const isMap = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(text).filter((x): x is string => !!x) : text(v) ? [String(v)] : []);

/** A Gem::Specification YAML document as GemData. */
export function gemDataFromYaml(spec: Yaml): GemData {
  const version = isMap(spec['version']) ? text(spec['version']['version']) : text(spec['version']);
  const metadata = isMap(spec['metadata']) ? Object.fromEntries(Object.entries(spec['metadata']).map(([k, v]) => [k, text(v) ?? ''])) : {};
  const dependencies: GemDependency[] = (Array.isArray(spec['dependencies']) ? spec['dependencies'] : []).filter(isMap).map((d) => {
    const req = isMap(d['requirement']) ? d['requirement']['requirements'] : [];
    const requirements = (Array.isArray(req) ? req : []).filter(Array.isArray).map(([op, v]) => `${text(op) ?? ''} ${isMap(v) ? text(v['version']) ?? '' : text(v) ?? ''}`.trim());
    return { name: text(d['name']) ?? '', type: text(d['type']) ?? 'runtime', requirements };
  }).filter((d) => d.name);
  const date = spec['date'] instanceof Date ? spec['date'].toISOString() : text(spec['date']);
  return {
    name: text(spec['name']), version, platform: text(spec['platform']), summary: text(spec['summary']), description: text(spec['description']),
    authors: [...texts(spec['authors']), ...texts(spec['author'])], emails: texts(spec['email']), homepage: text(spec['homepage']),
    licenses: [...texts(spec['license']), ...texts(spec['licenses'])], metadata, dependencies, date, files: texts(spec['files']),
  };
}

export function parseGemArchive(content: Buffer): PackageData[] {
  const entries = tarEntries(content);
  const plain = entries.get('metadata');
  const gz = entries.get('metadata.gz');
  if (!plain && !gz) throw new Error('not a .gem archive: no metadata or metadata.gz entry');
  let yamlText: string;
  try {
    yamlText = (plain ?? gunzipSync(gz as Buffer)).toString('utf8');
  } catch (e) {
    throw new Error(`invalid .gem metadata.gz: ${(e as Error).message}`);
  }
  const doc = parseDocument(yamlText);
  if (doc.errors.length) throw new Error(`invalid .gem metadata YAML: ${doc.errors[0].message.split('\n')[0]}`);
  const spec = doc.toJS() as unknown;
  if (!isMap(spec)) throw new Error('invalid .gem metadata: not a Gem::Specification mapping');
  return [buildGemPackageData(gemDataFromYaml(spec), 'gem_archive')];
}

export const gemArchiveHandler: DatafileHandler = {
  datasourceId: 'gem_archive',
  pathPatterns: ['*.gem'],
  ...GEM_COMMON,
  description: 'RubyGems gem package archive',
  documentationUrl: 'https://web.archive.org/web/20220326093616/https://piotrmurach.com/articles/looking-inside-a-ruby-gem/',
  parse: ({ content }) => parseGemArchive(content),
};
