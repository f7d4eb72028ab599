/**
 * ScanCode's VCS URL helpers (packagedcode/utils.py `normalize_vcs_url`, jar_manifest.py
 * `parse_scm_connection`): npm-style shortcuts and Maven `scm:<tool>:<url>` connections.
 */
const PLAIN_URLS = ['https://', 'http://'];
const VCS_URLS = ['git://', 'git+git://', 'git+https://', 'git+http://', 'hg://', 'hg+http://', 'hg+https://', 'svn://', 'svn+https://', 'svn+http://'];
const HOSTERS: Record<string, string> = {
  bitbucket: 'https://bitbucket.org/', github: 'https://github.com/', gitlab: 'https://gitlab.com/', gist: 'https://gist.github.com/',
};

export function normalizeVcsUrl(repoUrl: string | null | undefined): string | null {
  const url = (repoUrl ?? '').trim();
  if (!url) return null;
  if ([...VCS_URLS, ...PLAIN_URLS].some((p) => url.startsWith(p))) return url;
  if (url.startsWith('git@')) {
    const right = url.slice(url.indexOf('@') + 1);
    const sep = url.includes(':') ? ':' : '/';
    const i = right.indexOf(sep);
    const host = i < 0 ? right : right.slice(0, i);
    const repo = i < 0 ? '' : right.slice(i + 1);
    const scheme = ['bitbucket', 'gitlab', 'github'].some((h) => host.includes(h)) ? 'https' : 'git';
    return `${scheme}://${host}/${repo}`;
  }
  const hoster = Object.keys(HOSTERS).find((h) => url.startsWith(`${h}:`));
  if (hoster) return HOSTERS[hoster] + url.slice(hoster.length + 1);
  if (url.split('/').length === 2) return `https://github.com/${url}`;
  return url;
}

/** `scm:git:https://host/repo.git` → `git+https://host/repo.git`; unparsable strings as-is. */
export function parseScmConnection(connection: string): string {
  const delimiter = connection.includes('|') ? '|' : ':';
  const first = connection.indexOf(delimiter);
  const second = first < 0 ? -1 : connection.indexOf(delimiter, first + 1);
  if (second < 0) return connection;
  const tool = connection.slice(first + 1, second);
  let vcsUrl = connection.slice(second + 1);
  vcsUrl = normalizeVcsUrl(vcsUrl) ?? vcsUrl;
  if (!VCS_URLS.some((p) => vcsUrl.startsWith(p)) && !vcsUrl.startsWith(tool)) vcsUrl = `${tool}+${vcsUrl}`;
  return vcsUrl;
}
