import { assertObjectKey, assertRelativePath } from './object-key';
import { InvalidKeyError } from './storage.errors';

/*
 * The key layout of ARCHITECTURE §5: one bucket, everything of a project under `projects/<uuid>/`.
 * Names come from users (upload file names, archive member paths), so each part is validated here,
 * where keys are built, rather than trusted further down.
 */

/** Project ids are UUIDs; accepting any single safe segment keeps test ids like `p1` usable. */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function projectId(uuid: string): string {
  if (!PROJECT_ID.test(uuid)) throw new InvalidKeyError(uuid, 'not a project id');
  return uuid;
}

/** Backslashes are rejected because a Windows-made name would mean a different path to different tools. */
function relativePath(path: string): string {
  if (path.includes('\\')) throw new InvalidKeyError(path, 'contains a backslash');
  assertRelativePath(path);
  return path;
}

/** Inputs and outputs sit flat in their directory, as in ScanCode.io, so a file name is one segment. */
function fileName(name: string): string {
  relativePath(name);
  if (name.includes('/')) throw new InvalidKeyError(name, 'a file name cannot contain /');
  return name;
}

function key(value: string): string {
  assertObjectKey(value);
  return value;
}

export interface StorageKeys {
  project(uuid: string): string;
  inputPrefix(uuid: string): string;
  input(uuid: string, filename: string): string;
  codebasePrefix(uuid: string): string;
  codebase(uuid: string, relPath: string): string;
  codebasePackPrefix(uuid: string): string;
  codebasePack(uuid: string, runUuid: string): string;
  codebasePackInput(uuid: string, runUuid: string, filename: string): string;
  outputPrefix(uuid: string): string;
  output(uuid: string, filename: string): string;
}

export const storageKeys: StorageKeys = {
  /** `projects/<uuid>/` */
  project: (uuid) => `projects/${projectId(uuid)}/`,
  /** `projects/<uuid>/input/` */
  inputPrefix: (uuid) => `${storageKeys.project(uuid)}input/`,
  input: (uuid, filename) => key(`${storageKeys.inputPrefix(uuid)}${fileName(filename)}`),
  /** `projects/<uuid>/codebase/` */
  codebasePrefix: (uuid) => `${storageKeys.project(uuid)}codebase/`,
  codebase: (uuid, relPath) => key(`${storageKeys.codebasePrefix(uuid)}${relativePath(relPath)}`),
  /** `projects/<uuid>/codebase-packs/`: a run's codebase files in one object each (see step-runner). */
  codebasePackPrefix: (uuid) => `${storageKeys.project(uuid)}codebase-packs/`,
  codebasePack: (uuid, runUuid) => key(`${storageKeys.codebasePackPrefix(uuid)}${projectId(runUuid)}.pack`),
  /**
   * A copy of an input whose bytes a run's codebase reads in place (an image layer inside an
   * uncompressed `docker save`): the run's pack entries point into it rather than into the pack.
   */
  codebasePackInput: (uuid, runUuid, filename) => key(`${storageKeys.codebasePackPrefix(uuid)}${projectId(runUuid)}.input.${fileName(filename)}`),
  /** `projects/<uuid>/output/` */
  outputPrefix: (uuid) => `${storageKeys.project(uuid)}output/`,
  output: (uuid, filename) => key(`${storageKeys.outputPrefix(uuid)}${fileName(filename)}`),
};
