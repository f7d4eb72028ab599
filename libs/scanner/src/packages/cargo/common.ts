/**
 * Shared bits of the Cargo handlers (ScanCode packagedcode/cargo.py): TOML loading with a clear
 * error, `Name <email>` authors, crates.io URLs.
 */
import { parse as parseToml } from 'smol-toml';
import type { Party } from '../package-data';

export type TomlTable = Record<string, unknown>;

export function loadToml(content: Buffer, what: string): TomlTable {
  try {
    return parseToml(content.toString('utf8')) as TomlTable;
  } catch (e) {
    throw new Error(`invalid ${what}: ${((e as Error).message ?? String(e)).split('\n')[0]}`);
  }
}

export function isTable(v: unknown): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

export function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

/** `Jane Doe <jane@example.com>`, `Jane Doe` or `<jane@example.com>` as an author party. */
export function personParty(person: string, role: string): Party {
  const m = /^([^(<]*)\s*(?:<([^>]*)>)?/.exec(person.trim());
  const name = m?.[1]?.trim() || null;
  const email = m?.[2]?.trim() || null;
  return { type: 'person', role, name, email, url: null };
}

export function cratesUrls(name: string | null, version: string | null): { repository_homepage_url: string | null; repository_download_url: string | null; api_data_url: string | null } {
  return {
    repository_homepage_url: name ? `https://crates.io/crates/${name}` : null,
    repository_download_url: name && version ? `https://crates.io/api/v1/crates/${name}/${version}/download` : null,
    api_data_url: name ? `https://crates.io/api/v1/crates/${name}` : null,
  };
}

export const CARGO_COMMON = {
  defaultPackageType: 'cargo',
  defaultPrimaryLanguage: 'Rust',
} as const;
