/**
 * Validates rendered objects against the Kubernetes API schemas (kubernetes-models, generated from
 * the Kubernetes OpenAPI) and KEDA's CRD schemas (@kubernetes-models/keda), strictly: those
 * validators let unknown fields through (the API server would drop them, or refuse them with
 * --validate=strict), so a field the validator never looked at is reported too. A map
 * (labels, env of a trigger...) is enumerated by the validator and counts as looked at.
 */

type ModelClass = { prototype: { validate(): void } };

function modelOf(apiVersion: string, kind: string): ModelClass {
  const module = apiVersion.startsWith('keda.sh/') ? `@kubernetes-models/keda/${apiVersion}` : `kubernetes-models/${apiVersion}`;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const model = (require(module) as Record<string, ModelClass>)[kind];
  if (!model) throw new Error(`no schema for ${apiVersion} ${kind}`);
  return model;
}

interface Seen {
  path: string;
  value: object;
  read: Set<string>;
  enumerated: boolean;
}

/** Wraps an object so that every property the validator reads, and every key listing, is recorded. */
function watch(value: unknown, path: string, seen: Seen[]): unknown {
  if (!value || typeof value !== 'object') return value;
  const record: Seen = { path, value, read: new Set(), enumerated: false };
  seen.push(record);
  const children = new Map<string, unknown>();
  return new Proxy(value, {
    get(target, key) {
      const child = (target as Record<string | symbol, unknown>)[key];
      if (typeof key !== 'string') return child;
      record.read.add(key);
      if (!child || typeof child !== 'object') return child;
      if (!children.has(key)) children.set(key, watch(child, `${path}/${key}`, seen));
      return children.get(key);
    },
    has(target, key) {
      if (typeof key === 'string') record.read.add(key);
      return key in target;
    },
    ownKeys(target) {
      record.enumerated = true;
      return Reflect.ownKeys(target);
    },
  });
}

/** The schema errors and unknown fields of one object (empty when it is valid). */
export function schemaProblems(object: { apiVersion: string; kind: string }): string[] {
  const seen: Seen[] = [];
  const problems: string[] = [];
  try {
    modelOf(object.apiVersion, object.kind).prototype.validate.call(watch(object, '', seen));
  } catch (e) {
    problems.push((e as Error).message);
  }
  for (const s of seen) {
    if (Array.isArray(s.value) || s.enumerated) continue;
    for (const key of Object.keys(s.value)) if (!s.read.has(key)) problems.push(`${s.path || '/'}: unknown field ${key}`);
  }
  return problems;
}
