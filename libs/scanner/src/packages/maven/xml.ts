/**
 * XML reading for package manifests (POM, nuspec, packages.config, project files) on top of
 * fast-xml-parser. Entity processing stays off (no DOCTYPE entity expansion: "billion laughs"
 * inputs cannot blow up); only the five predefined entities and character references are decoded
 * here. Namespace prefixes are dropped, as ScanCode strips the POM namespace before reading.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element: child elements by local name (always arrays), attributes as `@name`, text as `#text`. */
export type XmlElement = { [key: string]: XmlValue[] | string | undefined };
export type XmlValue = XmlElement | string;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
});

/** Parses an XML document and returns its root element (by local name); throws on malformed XML. */
export function parseXml(content: Buffer | string, what: string): { name: string; root: XmlElement } {
  let text = typeof content === 'string' ? content : content.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`invalid ${what}: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(text) as XmlElement;
  for (const [name, value] of Object.entries(doc)) {
    if (Array.isArray(value)) return { name, root: asElement(value[0]) };
  }
  throw new Error(`invalid ${what}: no root element`);
}

function asElement(v: XmlValue | undefined): XmlElement {
  if (v === undefined) return {};
  return typeof v === 'string' ? { '#text': v } : v;
}

/** Child elements named `name`. */
export function children(el: XmlElement | null | undefined, name: string): XmlElement[] {
  const v = el?.[name];
  return Array.isArray(v) ? v.map(asElement) : [];
}

/** The first element along a `a/b/c` path, or null. */
export function child(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let cur: XmlElement | null | undefined = el;
  for (const part of path.split('/')) {
    cur = children(cur, part)[0];
    if (!cur) return null;
  }
  return cur ?? null;
}

/** The text of an element (decoded); '' for an empty element, null when absent. */
export function textOf(el: XmlElement | null | undefined): string | null {
  if (!el) return null;
  const t = el['#text'];
  return typeof t === 'string' ? decodeEntities(t) : '';
}

/** ScanCode's `findtext(path).strip() or None`. */
export function findText(el: XmlElement | null | undefined, path: string): string | null {
  const t = textOf(child(el, path));
  return t && t.trim() ? t.trim() : null;
}

export function attr(el: XmlElement | null | undefined, name: string): string | null {
  const v = el?.[`@${name}`];
  return typeof v === 'string' ? decodeEntities(v) : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? m;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}
