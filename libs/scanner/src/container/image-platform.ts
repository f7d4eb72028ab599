/**
 * Platforms of a multi-arch index (`linux/amd64`, `linux/arm64/v8`) and the choice of one
 * manifest among an index's entries: attestation entries (`unknown/unknown`) are not images.
 */
import { field, isObject, stringField, type JsonObject } from './image-config';

export interface Platform {
  os: string;
  architecture: string;
  variant: string | null;
}

export const DEFAULT_PLATFORM = 'linux/amd64';

export function parsePlatform(value: string): Platform {
  const [os, architecture, variant] = value.split('/');
  if (!os || !architecture) throw new Error(`invalid platform ${JSON.stringify(value)}: expected os/architecture[/variant]`);
  return { os, architecture, variant: variant || null };
}

export function platformOf(descriptor: JsonObject): Platform | null {
  const p = field(descriptor, 'platform');
  if (!isObject(p)) return null;
  const os = stringField(p, 'os');
  const architecture = stringField(p, 'architecture');
  return os && architecture ? { os, architecture, variant: stringField(p, 'variant') } : null;
}

export function formatPlatform(p: Platform | null): string {
  return p ? [p.os, p.architecture, p.variant].filter(Boolean).join('/') : 'unknown';
}

/**
 * The entry of a local index for `wanted`: the only image entry when there is one (a saved
 * layout holds what its owner saved), else the one whose os and architecture match (and
 * variant, when asked for). Null when none does.
 */
export function selectPlatformManifest(entries: readonly JsonObject[], wanted: Platform): JsonObject | null {
  const images = entries.filter((e) => platformOf(e)?.os !== 'unknown');
  if (images.length === 1) return images[0];
  const matching = images.filter((e) => {
    const p = platformOf(e);
    return p !== null && p.os === wanted.os && p.architecture === wanted.architecture && (!wanted.variant || p.variant === wanted.variant);
  });
  return matching[0] ?? null;
}
