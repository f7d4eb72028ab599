/**
 * SBOM detection by file name and content, as ScanCode.io's `get_default_package_type`: the SBOM
 * extensions decide first (`.spdx`, `.spdx.json`, `.spdx.yml`, `bom.json`, `.cdx.json`, `bom.xml`,
 * `.cdx.xml`), then `.json`, `.xml`, `.yml` and `.yaml` files are sniffed (`bomFormat: CycloneDX`,
 * a CycloneDX XML namespace, or an `SPDXID` key). Tag-value SPDX (which ScanCode.io does not load)
 * is recognized by its `SPDXVersion:` line.
 */
import { parse as parseYaml } from 'yaml';
import { isObject } from './values';
import type { SbomFormat } from './types';

const TAG_VALUE_VERSION = /^\s*SPDXVersion\s*:\s*SPDX-/m;
const CDX_XML_NAMESPACE = /<(?:[\w-]+:)?bom\b[^>]*xmlns(?::[\w-]+)?\s*=\s*["']http:\/\/cyclonedx\.org\/schema\/bom\//;

export function detectSbom(path: string, content: Buffer): SbomFormat | null {
  if (!mayBeSbom(path)) return null;
  const name = path.toLowerCase();
  if (name.endsWith('.spdx.json')) return 'spdx-json';
  if (name.endsWith('.spdx.yml') || name.endsWith('.spdx.yaml')) return 'spdx-yaml';
  if (name.endsWith('.spdx')) return sniffSpdxFile(head(content));
  if (name.endsWith('bom.json') || name.endsWith('.cdx.json')) return looksLikeSpdxJson(head(content)) ? 'spdx-json' : 'cyclonedx-json';
  if (name.endsWith('bom.xml') || name.endsWith('.cdx.xml')) return 'cyclonedx-xml';
  if (name.endsWith('.json')) return sniffJson(content);
  if (name.endsWith('.xml')) return CDX_XML_NAMESPACE.test(head(content)) ? 'cyclonedx-xml' : null;
  if (name.endsWith('.yml') || name.endsWith('.yaml')) return sniffYaml(content);
  return null;
}

/** An SPDX document saved as `sbom.json` (Syft's usual name): ScanCode.io would misread it. */
function looksLikeSpdxJson(text: string): boolean {
  return /"spdxVersion"\s*:/.test(text) && !/"bomFormat"\s*:/.test(text);
}

/** A `.spdx` file holds tag-value text, or sometimes JSON or YAML. */
function sniffSpdxFile(text: string): SbomFormat {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return 'spdx-json';
  if (TAG_VALUE_VERSION.test(text)) return 'spdx-tv';
  if (/^\s*spdxVersion\s*:/m.test(text)) return 'spdx-yaml';
  return 'spdx-tv';
}

function sniffJson(content: Buffer): SbomFormat | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text(content));
  } catch {
    return null;
  }
  if (!isObject(doc)) return null;
  if (doc.bomFormat === 'CycloneDX') return 'cyclonedx-json';
  if (doc.SPDXID) return 'spdx-json';
  return null;
}

function sniffYaml(content: Buffer): SbomFormat | null {
  try {
    const doc: unknown = parseYaml(text(content), { maxAliasCount: 100 });
    return isObject(doc) && doc.SPDXID ? 'spdx-yaml' : null;
  } catch {
    return null;
  }
}

function text(content: Buffer): string {
  return content.toString('utf8').replace(/^\uFEFF/, '');
}

/** The first 8 KB, enough for a header line or a root element. */
function head(content: Buffer): string {
  return content.subarray(0, 8192).toString('utf8');
}

/** Only these names can be an SBOM (`detectSbom` answers null for the others without reading). */
export function mayBeSbom(path: string): boolean {
  return /\.(json|xml|ya?ml|spdx)$/i.test(path);
}
