/**
 * CycloneDX XML (1.0–1.7) to the CycloneDX JSON shape, so one mapping serves both syntaxes.
 * Parsed with fast-xml-parser through the shared XML helper (entity expansion off). The
 * conversion is generic: attributes become keys, repeated children become lists, and wrapper
 * elements (`components/component`, `hashes/hash`, `properties/property`, ...) become lists; the
 * text of `hash` becomes `content` and of other attributed elements `value`, as in the JSON schema.
 * `licenses` and `dependencies` get their JSON shape explicitly. Leaf values stay strings.
 */
import { attr, children, parseXml, textOf, type XmlElement } from '../packages/maven/xml';
import { SbomParseError } from './types';
import type { JsonObject } from './values';

const NAMESPACE = /xmlns(?::[\w-]+)?\s*=\s*["']http:\/\/cyclonedx\.org\/schema\/bom\/(\d+\.\d+)["']/;

/** Wrapper element → item element, where the item is not the wrapper name minus "s"/"es". */
const WRAPPED: Record<string, string> = {
  affects: 'target', advisories: 'advisory', properties: 'property', externalReferences: 'reference',
  dependencies: 'dependency', vulnerabilities: 'vulnerability', evidence: '', licenses: '',
};

export function readCyclonedxXml(fileName: string, content: Buffer): JsonObject {
  const text = content.toString('utf8');
  let parsed: { name: string; root: XmlElement };
  try {
    parsed = parseXml(text, 'XML');
  } catch (e) {
    throw new SbomParseError(fileName, (e as Error).message);
  }
  const specVersion = NAMESPACE.exec(text)?.[1];
  if (parsed.name !== 'bom' || !specVersion) {
    throw new SbomParseError(fileName, 'the root element is not a CycloneDX <bom> (namespace http://cyclonedx.org/schema/bom/1.x)');
  }
  const bom = convert('bom', parsed.root);
  const doc: JsonObject = { bomFormat: 'CycloneDX', specVersion };
  if (attr(parsed.root, 'serialNumber')) doc.serialNumber = attr(parsed.root, 'serialNumber');
  if (attr(parsed.root, 'version')) doc.version = Number(attr(parsed.root, 'version'));
  if (typeof bom === 'object' && !Array.isArray(bom)) {
    for (const [k, v] of Object.entries(bom)) if (!(k in doc) && k !== 'value') doc[k] = v;
  }
  if (doc.components !== undefined && !Array.isArray(doc.components)) doc.components = [];
  return doc;
}

type Converted = string | JsonObject | Converted[];

function convert(name: string, el: XmlElement): Converted {
  if (name === 'licenses') return licenses(el);
  if (name === 'dependencies') return children(el, 'dependency').map(dependency);
  const attrs = Object.keys(el).filter((k) => k.startsWith('@') && !k.startsWith('@xmlns'));
  const childNames = Object.keys(el).filter((k) => !k.startsWith('@') && k !== '#text');
  const text = textOf(el) ?? '';
  if (!attrs.length && !childNames.length) return text;
  if (!attrs.length && childNames.length === 1 && isWrapper(name, childNames[0])) {
    return children(el, childNames[0]).map((c) => convert(childNames[0], c));
  }
  const obj: JsonObject = {};
  for (const a of attrs) obj[a.slice(1)] = attr(el, a.slice(1));
  if (text.trim()) obj[name === 'hash' ? 'content' : 'value'] = text;
  for (const childName of childNames) {
    const values = children(el, childName).map((c) => convert(childName, c));
    obj[childName] = values.length === 1 ? values[0] : values;
  }
  return obj;
}

function isWrapper(wrapper: string, item: string): boolean {
  if (wrapper in WRAPPED) return WRAPPED[wrapper] === item;
  return wrapper === `${item}s` || wrapper === `${item}es`;
}

/** `<licenses>` → `[{license: {...}}, {expression: "..."}]`. */
function licenses(el: XmlElement): JsonObject[] {
  const out: JsonObject[] = [];
  for (const l of children(el, 'license')) out.push({ license: convert('license', l) });
  for (const e of children(el, 'expression')) out.push({ expression: textOf(e) ?? '' });
  return out;
}

/** `<dependency ref="a"><dependency ref="b"/></dependency>` → `{ref: "a", dependsOn: ["b"]}`. */
function dependency(el: XmlElement): JsonObject {
  const dependsOn = children(el, 'dependency').map((d) => attr(d, 'ref')).filter((r): r is string => r !== null);
  return { ref: attr(el, 'ref'), ...(dependsOn.length ? { dependsOn } : {}) };
}
