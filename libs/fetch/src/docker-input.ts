/**
 * A `docker://` input URL as one input file: the image pulled from its registry (oci-registry-*,
 * under the same address policy and size limit as an http download) and packed as an OCI
 * archive named as ScanCode.io names the tarball of a docker input, so the image pipelines find
 * it among the `*.tar*` inputs.
 */
import { randomUUID } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FetchError } from './fetch-error';
import type { FetchedInput, FetchOptions, FetchPolicy } from './fetch-policy';
import { fetchDockerImage, ociArchive } from './oci-registry-fetch';

/** ScanCode.io's guard on docker references (a `#tag` fragment fails it, as there). */
const DOCKER_REFERENCE = /^docker:\/\/[a-zA-Z0-9_.:/@-]+$/;
/** `os/architecture[/variant]`, as OCI indexes name platforms. */
const PLATFORM = /^[a-z0-9]+\/[a-z0-9_]+(?:\/[a-z0-9]+)?$/;

/**
 * `<reference>.tar` with the reference made a Python-safe name, as ScanCode.io does
 * (`python_safe_name`): lower case, every run of other characters one `_`, none at the ends.
 * `docker://registry.com/debian:10.9` gives `registry_com_debian_10_9.tar`.
 */
export function dockerInputFilename(url: string): string {
  const reference = url.slice('docker://'.length);
  const safe = reference.toLowerCase().split(/[^a-z0-9]+/).filter((part) => part !== '').join('_');
  return `${safe || 'image'}.tar`;
}

export async function fetchDockerInput(url: string, destDir: string, policy: FetchPolicy, options: FetchOptions = {}): Promise<FetchedInput> {
  if (!DOCKER_REFERENCE.test(url)) throw new FetchError(`Could not fetch: ${url}: Invalid Docker reference.`);
  const platform = options.dockerPlatform;
  if (platform !== undefined && !PLATFORM.test(platform)) {
    throw new FetchError(`Could not fetch: ${url}: invalid platform ${JSON.stringify(platform)}: expected os/architecture[/variant], such as linux/arm64`);
  }
  const { signal } = options;
  signal?.throwIfAborted();
  const filename = dockerInputFilename(url);
  // The layout and the archive are written in a scratch directory of destDir, never seen as inputs.
  const work = join(destDir, `.fetch-${randomUUID()}.part`);
  try {
    const image = await fetchDockerImage(url, work, policy, { ...(platform ? { platform } : {}), ...(signal ? { signal } : {}) });
    const archive = await ociArchive(image.path, join(work, filename));
    const path = join(destDir, filename);
    await rename(archive, path);
    return { filename, path, size: (await stat(path)).size, finalUrl: url };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof FetchError) throw error;
    throw new FetchError(`Could not fetch: ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
