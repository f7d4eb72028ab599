import { FetchError } from './fetch-error';
import { parseDockerReference, registryBaseUrl } from './oci-reference';
import { parseChallenge, tokenUrl } from './oci-registry-auth';

describe('docker:// references', () => {
  it.each([
    ['docker://alpine:3.19', 'registry-1.docker.io', 'library/alpine', '3.19', null, 'docker.io/library/alpine:3.19'],
    ['docker://alpine', 'registry-1.docker.io', 'library/alpine', 'latest', null, 'docker.io/library/alpine:latest'],
    ['docker://docker.io/bitnami/redis:7', 'registry-1.docker.io', 'bitnami/redis', '7', null, 'docker.io/bitnami/redis:7'],
    ['docker://ghcr.io/org/team/img:v1.2', 'ghcr.io', 'org/team/img', 'v1.2', null, 'ghcr.io/org/team/img:v1.2'],
    ['docker://localhost:5000/test/img', 'localhost:5000', 'test/img', 'latest', null, 'localhost:5000/test/img:latest'],
    [`docker://127.0.0.1:5000/test/img@sha256:${'a'.repeat(64)}`, '127.0.0.1:5000', 'test/img', null, `sha256:${'a'.repeat(64)}`, `127.0.0.1:5000/test/img@sha256:${'a'.repeat(64)}`],
  ])('%s', (url, registry, repository, tag, digest, name) => {
    const ref = parseDockerReference(url);
    expect(ref).toEqual({ registry, repository, tag, digest, reference: digest ?? tag, name });
  });

  it('refuses malformed references with a clear message', () => {
    expect(() => parseDockerReference('docker://Alpine:3')).toThrow(new FetchError('Invalid image repository in docker://Alpine:3'));
    expect(() => parseDockerReference('docker://alpine@sha256:abc')).toThrow(/expected sha256:<64 hex digits>/);
    expect(() => parseDockerReference('docker://alpine:-x')).toThrow(/Invalid image tag/);
    expect(() => parseDockerReference('https://x/y')).toThrow(/Not a docker:\/\/ URL/);
  });

  it('speaks plain HTTP to loopback registries only', () => {
    expect(registryBaseUrl('127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(registryBaseUrl('localhost:5000')).toBe('http://localhost:5000');
    expect(registryBaseUrl('registry-1.docker.io')).toBe('https://registry-1.docker.io');
  });

  it('reads bearer challenges as Docker Hub sends them', () => {
    const challenge = parseChallenge('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/alpine:pull"');
    expect(challenge).toEqual({ scheme: 'bearer', params: { realm: 'https://auth.docker.io/token', service: 'registry.docker.io', scope: 'repository:library/alpine:pull' } });
    expect(tokenUrl(challenge!, 'library/alpine').href).toBe('https://auth.docker.io/token?service=registry.docker.io&scope=repository%3Alibrary%2Falpine%3Apull');
    expect(() => tokenUrl(parseChallenge('Basic realm="x"')!, 'a')).toThrow(/only anonymous bearer tokens/);
  });
});
