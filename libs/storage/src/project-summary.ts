import type { ObjectStorage } from './object-storage';
import { ObjectNotFoundError } from './storage.errors';
import { storageKeys } from './storage-keys';

const SUMMARY_LIMIT = 64 * 1024 * 1024;
const SUMMARY_FILE = /summary.*\.json$/;

/**
 * The newest `*summary*.json` of a project's output/ (scan_single_package writes them; the
 * timestamped names sort in time order), parsed; undefined when there is none or it is not JSON.
 */
export async function readLatestSummary(storage: ObjectStorage, projectUuid: string): Promise<unknown> {
  const prefix = storageKeys.outputPrefix(projectUuid);
  const newest = (await storage.listNames(prefix)).filter((n) => SUMMARY_FILE.test(n)).sort().at(-1);
  if (!newest) return undefined;
  try {
    return JSON.parse((await storage.getBuffer(`${prefix}${newest}`, SUMMARY_LIMIT)).toString('utf8')) as unknown;
  } catch (error) {
    if (error instanceof ObjectNotFoundError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}
