/**
 * `maven_pom`: Apache Maven POM files (`*.pom`, `*pom.xml`), as ScanCode's MavenPomXmlHandler
 * reports them: coordinates after inheritance and interpolation, packaging as a `type`
 * qualifier, the sources jar as source package, licenses as the Python repr of their list,
 * developers/contributors/organization as parties, scm and issue management URLs, and the
 * dependencies with ScanCode's scope flags. A POM without modelVersion, groupId or artifactId
 * yields nothing (ScanCode's `has_basic_pom_attributes`).
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, purlOf, type DependencyInput, type PackageData, type Party } from '../package-data';
import { assembleMaven } from './assemble';
import { mavenUrls } from './maven-urls';
import { readPom, type PomModel } from './pom-model';
import { resolvePom, type ResolvedDependency } from './pom-resolve';
import { pyReprValue as pyRepr } from '../../license/python-names';
import { normalizeVcsUrl, parseScmConnection } from './vcs-url';

const EXTENSIONS = new Set(['ejb3', 'ear', 'aar', 'apk', 'gem', 'jar', 'nar', 'pom', 'so', 'swc', 'tar', 'tar.gz', 'war', 'xar', 'zip']);

export const mavenPomHandler: DatafileHandler = {
  datasourceId: 'maven_pom',
  pathPatterns: ['*.pom', '*pom.xml'],
  defaultPackageType: 'maven',
  defaultPrimaryLanguage: 'Java',
  description: 'Apache Maven pom',
  documentationUrl: 'https://maven.apache.org/pom.html',
  parse: ({ content }) => parsePom(content),
  assemble: assembleMaven,
};

export function parsePom(content: Buffer): PackageData[] {
  const raw = readPom(content);
  const { pom, dependencies } = resolvePom(raw);
  if (!pom.modelVersion || !pom.groupId || !pom.artifactId) return [];
  const version = pom.version === 'latest.release' ? null : pom.version;
  const qualifiers: Record<string, string> = {};
  if (pom.classifier) qualifiers['classifier'] = pom.classifier;
  const extension = EXTENSIONS.has(pom.packaging) ? pom.packaging : 'jar';
  if (extension !== 'jar' && extension !== 'pom') qualifiers['type'] = extension;
  const sourcePurl = !pom.classifier && version
    ? purlOf({ type: 'maven', namespace: pom.groupId, name: pom.artifactId, version, qualifiers: { classifier: 'sources' }, subpath: null })
    : null;
  return [packageData('maven_pom', {
    type: 'maven',
    namespace: pom.groupId,
    name: pom.artifactId,
    version,
    qualifiers,
    primary_language: 'Java',
    description: description(pom.name, pom.description),
    parties: parties(pom),
    homepage_url: pom.url,
    bug_tracking_url: pom.issueManagement?.['url'] ?? null,
    ...vcsAndCodeViewUrls(pom.scm ?? {}),
    extracted_license_statement: pom.licenses.length ? pyRepr(pom.licenses.map((l) => ({ ...l }))) : null,
    source_packages: sourcePurl ? [sourcePurl] : [],
    dependencies: dependencies.map(dependency),
    ...mavenUrls(pom.groupId, pom.artifactId, version, qualifiers),
  })];
}

function description(name: string | null, desc: string | null): string | null {
  if ((name ?? '') === (desc ?? '')) return name;
  return [name, desc].filter(Boolean).join('\n') || null;
}

function parties(pom: PomModel): Party[] {
  const out: Party[] = [];
  for (const [role, list] of [['developer', pom.developers], ['contributor', pom.contributors]] as const) {
    for (const p of list) out.push({ type: 'person', role, name: p.name, email: p.email, url: p.url });
  }
  if (pom.organizationName || pom.organizationUrl) {
    out.push({ type: 'organization', role: 'owner', name: pom.organizationName, email: null, url: pom.organizationUrl });
  }
  return out;
}

/** maven.py `build_vcs_and_code_view_urls`. */
export function vcsAndCodeViewUrls(scm: Record<string, string | null>): { vcs_url: string | null; code_view_url: string | null } {
  let codeView = scm['url'] || null;
  if (codeView) codeView = normalizeVcsUrl(codeView) || codeView;
  const connection = scm['connection'] || null;
  if (!connection) return { vcs_url: codeView, code_view_url: codeView };
  return { vcs_url: parseScmConnection(connection), code_view_url: codeView };
}

/** maven.py `get_dependencies`: flags from the scope, as ScanCode sets them. */
function dependency(d: ResolvedDependency): DependencyInput {
  const scope = d.scope.trim().toLowerCase() || 'compile';
  const version = d.version === 'latest.release' ? null : d.version;
  const pinned = Boolean(version && !/[$[,\]]/.test(version));
  return {
    purl: dependencyPurl('maven', d.groupId, d.artifactId, pinned ? version : null),
    extracted_requirement: version,
    scope,
    is_runtime: ['runtime', 'system', 'provided'].includes(scope),
    is_optional: ['test', 'compile'].includes(scope) || !d.required,
    is_pinned: pinned,
  };
}
