/**
 * Shared bits of the Dart pub handlers (ScanCode packagedcode/pubspec.py): YAML loading with a
 * clear error, pub.dev URLs, and ScanCode's rule for an exact version (only digits and dots).
 */
import { parse as parseYaml } from 'yaml';

export type YamlMap = Record<string, unknown>;

export const isMap = (v: unknown): v is YamlMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scalar as text (YAML reads `version: 1.0` as a number). */
export function text(v: unknown): string | null {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export function loadYamlMap(content: Buffer, what: string): YamlMap {
  let data: unknown;
  try {
    data = parseYaml(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`invalid ${what}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return {};
  if (!isMap(data)) throw new Error(`invalid ${what}: not a YAML mapping`);
  return data;
}

export const isExactVersion = (v: string | null): v is string => !!v && /^[\d.]+$/.test(v);

export function pubUrls(name: string | null, version: string | null): { repository_homepage_url: string | null; repository_download_url: string | null; api_data_url: string | null } {
  if (!name || !version) return { repository_homepage_url: null, repository_download_url: null, api_data_url: null };
  return {
    repository_homepage_url: `https://pub.dev/packages/${name}/versions/${version}`,
    repository_download_url: `https://pub.dartlang.org/packages/${name}/versions/${version}.tar.gz`,
    api_data_url: `https://pub.dev/api/packages/${name}/versions/${version}`,
  };
}
