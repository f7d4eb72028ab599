/**
 * The project setting `docker_platform` (`os/architecture[/variant]`, e.g. `linux/arm64`): the
 * image taken from a multi-arch `docker://` input. Unset, null or empty: the default
 * (linux/amd64). Any other value is passed on as text, so a wrong one fails the fetch with a
 * message that quotes it rather than being ignored.
 */
export function dockerPlatformSetting(settings: Record<string, unknown>): string | undefined {
  const value = settings['docker_platform'];
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  return text === '' ? undefined : text;
}
