/**
 * NuGet requirements outside ScanCode 32 (names chosen in its style): `nuget_packages_config`
 * (legacy `packages.config`: exact versions, so pinned) and `nuget_csproj` (`<PackageReference>`
 * items of SDK-style `.csproj`/`.vbproj`/`.fsproj` project files: version ranges unless a plain
 * version, `PrivateAssets=all` as development-only). Both have no package identity of their own.
 */
import type { DatafileHandler } from '../handler';
import { attr, child, children, findText, parseXml, textOf, type XmlElement } from '../maven/xml';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';

export const nugetPackagesConfigHandler: DatafileHandler = {
  datasourceId: 'nuget_packages_config',
  pathPatterns: ['*/packages.config'],
  defaultPackageType: 'nuget',
  defaultPrimaryLanguage: null,
  description: 'NuGet packages.config file',
  documentationUrl: 'https://learn.microsoft.com/en-us/nuget/reference/packages-config',
  parse: ({ content }) => parsePackagesConfig(content),
};

export const nugetCsprojHandler: DatafileHandler = {
  datasourceId: 'nuget_csproj',
  pathPatterns: ['*.csproj', '*.vbproj', '*.fsproj'],
  defaultPackageType: 'nuget',
  defaultPrimaryLanguage: null,
  description: 'NuGet PackageReference in a .NET project file',
  documentationUrl: 'https://learn.microsoft.com/en-us/nuget/consume-packages/package-references-in-project-files',
  parse: ({ content }) => parseProjectFile(content),
};

const EXACT = /^\[?\d+(\.\d+)*([-+][0-9A-Za-z.-]+)?\]?$/;

export function parsePackagesConfig(content: Buffer): PackageData[] {
  const { name, root } = parseXml(content, 'packages.config XML');
  if (name !== 'packages') throw new Error(`invalid packages.config: root element is <${name}>`);
  const dependencies: DependencyInput[] = children(root, 'package').map((p) => {
    const version = attr(p, 'version');
    const dev = attr(p, 'developmentDependency') === 'true';
    const framework = attr(p, 'targetFramework');
    return {
      purl: dependencyPurl('nuget', null, attr(p, 'id') ?? '', version), extracted_requirement: version, scope: 'dependency',
      is_runtime: !dev, is_optional: dev, is_pinned: Boolean(version), extra_data: framework ? { framework } : {},
    };
  });
  return [packageData('nuget_packages_config', { type: 'nuget', dependencies })];
}

export function parseProjectFile(content: Buffer): PackageData[] {
  const { name, root } = parseXml(content, 'project XML');
  if (name !== 'Project') throw new Error(`invalid project file: root element is <${name}>`);
  const groups = children(root, 'PropertyGroup');
  const prop = (tag: string) => groups.map((g) => findText(g, tag)).find(Boolean) ?? null;
  const dependencies = children(root, 'ItemGroup').flatMap((g) => children(g, 'PackageReference')).map(reference);
  const extra: Record<string, unknown> = {};
  const frameworks = prop('TargetFrameworks') ?? prop('TargetFramework');
  if (frameworks) extra['target_frameworks'] = frameworks.split(';').map((f) => f.trim()).filter(Boolean);
  return [packageData('nuget_csproj', {
    type: 'nuget', name: prop('PackageId'), version: prop('Version') ?? prop('PackageVersion'),
    description: prop('Description'), extracted_license_statement: prop('PackageLicenseExpression'),
    homepage_url: prop('PackageProjectUrl'), extra_data: extra, dependencies: dependencies.filter((d) => d.purl),
  })];
}

function reference(el: XmlElement): DependencyInput {
  const id = attr(el, 'Include') ?? attr(el, 'Update') ?? '';
  const version = attr(el, 'Version') ?? (textOf(child(el, 'Version')) || null);
  const privateAssets = (attr(el, 'PrivateAssets') ?? textOf(child(el, 'PrivateAssets')) ?? '').toLowerCase();
  const dev = privateAssets === 'all';
  const pinned = Boolean(version && EXACT.test(version) && !version.includes('*'));
  const exact = pinned && version ? version.replace(/^\[|\]$/g, '') : null;
  return {
    purl: id ? dependencyPurl('nuget', null, id, exact) : null, extracted_requirement: version, scope: 'dependency',
    is_runtime: !dev, is_optional: dev, is_pinned: pinned,
  };
}
