/**
 * The ORT package list (`results-<ts>.package-list.yml`, reference §8): the project's packages in
 * the YAML that ORT's `create-analyzer-result-from-package-list` command reads, as ScanCode.io's
 * `to_ort_package_list_yml` writes it. Docker inputs make every id type `docker`.
 */
import { stringify } from 'yaml';
import type { PackageRecord } from '@sca/contracts';
import type { ReportInput, ReportInputSource } from '../report/report-input';

interface OrtVcs {
  type: string | null;
  url: string | null;
  revision: string | null;
  path: string | null;
}

const noVcs = (url: string | null = null): OrtVcs => ({ type: null, url, revision: null, path: null });

/** ORT separates identifier parts with colons, so a colon inside a part becomes `_`. */
function idPart(value: string): string {
  return value.replace(/:/g, '_');
}

function authorNames(pkg: PackageRecord): string[] {
  const names = pkg.parties.filter((p) => p.role === 'author' && p.name).map((p) => String(p.name));
  return [...new Set(names)];
}

function ortDependency(pkg: PackageRecord, idType: string): Record<string, unknown> {
  return {
    id: `${idPart(idType)}::${idPart(pkg.name)}:${idPart(pkg.version)}`,
    purl: pkg.purl,
    vcs: noVcs(pkg.vcs_url || null),
    sourceArtifact: { url: pkg.download_url },
    declaredLicenses: [pkg.declared_license_expression_spdx],
    description: pkg.description,
    homepageUrl: pkg.homepage_url,
    authors: authorNames(pkg),
  };
}

export async function writeOrtPackageList(input: ReportInput): Promise<string> {
  const fromDocker = input.project.input_sources.some((s) => ((s as ReportInputSource).download_url ?? '').startsWith('docker://'));
  const dependencies: Record<string, unknown>[] = [];
  for await (const pkg of input.packages()) dependencies.push(ortDependency(pkg, fromDocker ? 'docker' : pkg.type));
  return stringify({ projectName: input.project.name, projectVcs: noVcs(), dependencies }, { lineWidth: 0 });
}
