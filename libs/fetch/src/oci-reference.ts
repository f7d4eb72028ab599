/**
 * `docker://` input URLs as Docker reads image references: `docker://alpine:3.19` is Docker
 * Hub's `library/alpine`, `docker://ghcr.io/org/img@sha256:<hex>` a digest on another registry.
 * A first path component with a dot or a port, or `localhost`, names the registry.
 */
import { FetchError } from './fetch-error';

export interface ImageReference {
  /** Host (and port) requests go to: Docker Hub's is registry-1.docker.io. */
  registry: string;
  repository: string;
  tag: string | null;
  digest: string | null;
  /** What the manifest is requested by: the digest when given, else the tag. */
  reference: string;
  /** `registry/repository:tag` or `@digest`, as Docker names it (docker.io for Docker Hub). */
  name: string;
}

const DOCKER_HUB = 'registry-1.docker.io';
const DOCKER_HUB_ALIASES = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);
const REPOSITORY = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const DIGEST = /^sha256:[a-f0-9]{64}$/;

export function parseDockerReference(url: string): ImageReference {
  if (!url.startsWith('docker://')) throw new FetchError(`Not a docker:// URL: ${url}`);
  let rest = url.slice('docker://'.length);
  let digest: string | null = null;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) throw new FetchError(`Invalid image digest in ${url}: expected sha256:<64 hex digits>`);
  }
  const slash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  let tag: string | null = null;
  if (colon > slash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) throw new FetchError(`Invalid image tag in ${url}`);
  }
  const parts = rest.split('/');
  const first = parts[0] ?? '';
  const hasRegistry = parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  let registry = hasRegistry ? first.toLowerCase() : 'docker.io';
  let repository = (hasRegistry ? parts.slice(1) : parts).join('/');
  if (DOCKER_HUB_ALIASES.has(registry)) {
    registry = DOCKER_HUB;
    if (!repository.includes('/')) repository = `library/${repository}`;
  }
  if (!REPOSITORY.test(repository)) throw new FetchError(`Invalid image repository in ${url}`);
  if (!tag && !digest) tag = 'latest';
  const shown = registry === DOCKER_HUB ? 'docker.io' : registry;
  const name = `${shown}/${repository}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
  return { registry, repository, tag, digest, reference: digest ?? (tag as string), name };
}

/**
 * Registries on this machine's loopback are spoken to over plain HTTP, as Docker does for
 * localhost; any other registry over HTTPS.
 */
export function registryBaseUrl(registry: string): string {
  const host = registry.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  const loopback = host === 'localhost' || /^127\./.test(host) || host === '::1';
  return `${loopback ? 'http' : 'https'}://${registry}`;
}
