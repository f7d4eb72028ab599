/**
 * Shared CocoaPods bits (ScanCode packagedcode/cocoapods.py): pod purls (a subspec
 * `Pod/Sub` is namespace `Pod`, name `Sub`, as ScanCode.io reports them), the registry URLs and
 * `Name <email>` authors.
 */
import { createHash } from 'node:crypto';
import { dependencyPurl } from '../package-data';

export const POD_COMMON = { defaultPackageType: 'cocoapods', defaultPrimaryLanguage: 'Objective-C' } as const;

export function podParts(podName: string): { namespace: string | null; name: string } {
  const i = podName.indexOf('/');
  return i < 0 ? { namespace: null, name: podName } : { namespace: podName.slice(0, i), name: podName.slice(i + 1) };
}

export function podPurl(podName: string, version?: string | null): string | null {
  const { namespace, name } = podParts(podName);
  return dependencyPurl('cocoapods', namespace, name, version ?? null);
}

/** `Name (~> 1.0)` / `Name (from `../x`)` / `Name`: the pod name and what is in parentheses. */
export function splitPodRequirement(text: string): { name: string; requirement: string | null } {
  const m = /^\s*(\S+)(?:\s+\((.*)\))?\s*$/.exec(text);
  return m ? { name: m[1], requirement: m[2]?.trim() || null } : { name: text.trim(), requirement: null };
}

/** ScanCode's get_urls for a pod, from its name, version, homepage and source repository. */
export function podUrls(name: string | null, version: string | null, homepage: string | null, vcsUrl: string | null) {
  const repo = vcsUrl ? vcsUrl.replace(/\.git$/, '') : null;
  let download: string | null = null;
  if (version && homepage) download = `${homepage}/archive/${version}.zip`;
  if (version && repo) download = `${repo}/archive/refs/tags/${version}.zip`;
  const base = name ? podParts(name).namespace ?? name : null;
  const hashed = base ? createHash('md5').update(base).digest('hex').slice(0, 3).split('').join('/') : null;
  return {
    repository_download_url: download,
    repository_homepage_url: name ? `https://cocoapods.org/pods/${name}` : null,
    code_view_url: repo && version ? `${repo}/tree/${version}` : null,
    bug_tracking_url: repo ? `${repo}/issues/` : null,
    api_data_url: hashed && name && version ? `https://raw.githubusercontent.com/CocoaPods/Specs/blob/master/Specs/${hashed}/${name}/${version}/${name}.podspec.json` : null,
  };
}

export function personFrom(text: string): { name: string | null; email: string | null } {
  const m = /^([^<]*)(?:<([^>]*)>)?/.exec(text.trim());
  return { name: m?.[1]?.trim() || null, email: m?.[2]?.trim() || null };
}
