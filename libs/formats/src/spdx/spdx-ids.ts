/**
 * SPDX identifiers as ScanCode.io writes them: `SPDXRef-scancodeio-<model>-<uuid>`.
 *
 * ScanCode.io uses the database row uuid, which the serialized records do not carry. The uid
 * fields (`package_uid`, `dependency_uid`) end with a `uuid=<uuid4>` qualifier made with the row,
 * so that uuid is used; a uid without one gets a stable name-based uuid instead.
 */
import { createHash } from 'node:crypto';

const UUID_QUALIFIER = /[?&]uuid=([0-9a-fA-F-]{36})(?:[&#]|$)/;

/** A uuid-shaped, stable id from a text (an RFC 4122 version-5 style SHA-1 name hash). */
export function nameBasedUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The `uuid` qualifier of a package or dependency uid, else a name-based uuid of the uid. */
export function uuidOfUid(uid: string): string {
  const match = UUID_QUALIFIER.exec(uid);
  return match?.[1] ? match[1].toLowerCase() : nameBasedUuid(uid);
}

/** SPDX ids allow only letters, digits, `.` and `-`. */
function idSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9.-]/g, '-');
}

export const spdxIds = {
  document: (projectUuid: string) => `SPDXRef-DOCUMENT-${idSafe(projectUuid)}`,
  project: (projectUuid: string) => `SPDXRef-scancodeio-project-${idSafe(projectUuid)}`,
  input: (inputUuid: string) => `SPDXRef-scancodeio-input-${idSafe(inputUuid)}`,
  package: (packageUid: string) => `SPDXRef-scancodeio-discoveredpackage-${uuidOfUid(packageUid)}`,
  dependency: (dependencyUid: string) => `SPDXRef-scancodeio-discovereddependency-${uuidOfUid(dependencyUid)}`,
};
