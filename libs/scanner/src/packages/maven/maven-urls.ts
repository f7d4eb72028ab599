/** Maven Central URLs of an artifact (maven.py `build_url`, `build_filename`, `get_urls`). */
export const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';

// Python formats a missing version as "None": kept for identical URLs.
const py = (v: string | null | undefined) => (v === null || v === undefined ? 'None' : v);

export function buildUrl(groupId: string | null, artifactId: string, version: string | null, filename = '', base = MAVEN_CENTRAL): string {
  const path = groupId ? `${groupId.replace(/\./g, '/')}/${artifactId}/${py(version)}` : `${artifactId}/${py(version)}`;
  return `${base}/${path}/${filename}`;
}

export function buildFilename(artifactId: string, version: string | null, extension: string, classifier?: string | null): string {
  return `${artifactId}-${py(version)}${classifier ? `-${classifier}` : ''}.${extension}`;
}

export function mavenUrls(namespace: string | null, name: string | null, version: string | null, qualifiers: Record<string, string>) {
  if (!namespace || !name) return {};
  return {
    repository_homepage_url: buildUrl(namespace, name, version),
    repository_download_url: buildUrl(namespace, name, version, buildFilename(name, version, qualifiers['type'] || 'jar', qualifiers['classifier'])),
    api_data_url: buildUrl(namespace, name, version, buildFilename(name, version, 'pom')),
  };
}
