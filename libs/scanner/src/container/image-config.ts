/**
 * Reading an image config JSON as container-inspector does: keys compared case-insensitively
 * (its `lower_keys`, applied to mappings but not to the history list), the ConfigMixin fields,
 * merged labels, and the history aligned to the layers.
 */
import type { ConfigFields, ImageLayer } from './image-model';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of `key` in `obj`, whatever the case of its key (Docker writes `Config`, OCI `config`). */
export function field(obj: JsonObject, key: string): unknown {
  if (key in obj) return obj[key];
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

export function stringField(obj: JsonObject, key: string): string | null {
  const v = field(obj, key);
  return typeof v === 'string' && v !== '' ? v : null;
}

function objectField(obj: JsonObject, key: string): JsonObject {
  const v = field(obj, key);
  return isObject(v) ? v : {};
}

/**
 * ConfigMixin.from_config_data. `author` comes from the inner `config` mapping as in
 * container-inspector (the top-level author is not read there, so ScanCode.io shows null).
 */
export function configFields(config: JsonObject): ConfigFields {
  return {
    docker_version: stringField(config, 'docker_version'),
    os: stringField(config, 'os'),
    os_version: stringField(config, 'os.version'),
    architecture: stringField(config, 'architecture'),
    variant: stringField(config, 'variant'),
    created: stringField(config, 'created'),
    author: stringField(objectField(config, 'config'), 'author'),
    comment: stringField(config, 'comment'),
  };
}

/** Labels of `config` then `container_config` (the latter wins), sorted by name. */
export function mergedLabels(config: JsonObject): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of ['config', 'container_config']) {
    const l = field(objectField(config, key), 'labels');
    if (isObject(l)) for (const [k, v] of Object.entries(l)) labels[k] = String(v);
  }
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function historyOf(config: JsonObject): JsonObject[] {
  const h = field(config, 'history');
  return Array.isArray(h) ? h.filter(isObject) : [];
}

/** The bare hex of a `sha256:<hex>` digest (other algorithms are kept whole). */
export function bareId(digest: string): string {
  return digest.startsWith('sha256:') ? digest.slice('sha256:'.length) : digest;
}

const HISTORY_FIELDS = ['author', 'created', 'created_by', 'comment'] as const;

/**
 * `assign_history_to_layers`: the history entries not marked `empty_layer` are the layers,
 * bottom first; they are copied only when their count equals the layers' (otherwise there is
 * no telling which entry goes with which layer), and only their non-empty fields.
 */
export function assignHistoryToLayers(history: readonly JsonObject[], layers: ImageLayer[]): void {
  const nonEmpty = history.filter((h) => !field(h, 'empty_layer'));
  if (!history.length || nonEmpty.length !== layers.length) return;
  nonEmpty.forEach((h, i) => {
    const layer = layers[i];
    for (const name of HISTORY_FIELDS) {
      const value = stringField(h, name);
      if (value) layer[name] = value;
    }
  });
}
