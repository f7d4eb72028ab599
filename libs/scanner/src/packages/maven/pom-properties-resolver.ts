/**
 * Maven `${property}` interpolation as ScanCode does it inside one POM (maven.py
 * `MavenPom._replace_props`): unknown properties become empty, a result that is empty as a whole
 * falls back to the original text, `${x.substring(a,b)}` slices, and at most 5 extra passes
 * resolve values that start with another property.
 */
export type Properties = Map<string, string | null>;

const PROPERTY = /\$\{(.*?)\}/g;

export function replaceProps(text: string, props: Properties): string;
export function replaceProps(text: string | null, props: Properties): string | null;
export function replaceProps(text: string | null, props: Properties): string | null {
  if (!text) return text;
  const sub = (s: string) => s.replace(PROPERTY, (_m, key: string) => lookup(key, props) ?? '');
  let result = sub(text);
  for (let cycles = 5; cycles > 0 && result && /^\$\{.*?\}/.test(result); cycles--) result = sub(result);
  if (!result) result = text;
  return result.trim();
}

function lookup(key: string, props: Properties): string | null {
  const m = /^(.*?)\.substring\((.*)$/.exec(key);
  if (!m) return props.get(key) ?? null;
  const bounds = m[2].replace(/\)+$/, '').split(',').map((s) => s.trim());
  if (bounds.length < 1 || bounds.length > 2 || !bounds.every((b) => /^\d+$/.test(b))) return props.get(key) ?? null;
  const value = props.get(m[1]);
  if (!value) return value ?? null;
  const [start, end] = bounds.map(Number);
  return end === undefined ? value.slice(start) : value.slice(start, end);
}

/** `name`, `project.name`, `pom.name`. */
export function variants(name: string): string[] {
  return [name, `project.${name}`, `pom.${name}`];
}
