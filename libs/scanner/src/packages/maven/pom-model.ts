/**
 * The raw content of a POM as ScanCode's MavenPom (on pymaven) reads it: top-level coordinates,
 * descriptive fields, licenses, people, scm, issue management, parent, properties and the
 * dependency lists, all before property interpolation.
 */
import { child, children, findText, parseXml, textOf, type XmlElement } from './xml';

export interface PomLicense { name: string | null; url: string | null; comments: string | null; distribution: string | null }
export interface PomParty { name: string | null; email: string | null; url: string | null }
export interface PomDependency { groupId: string | null; artifactId: string | null; version: string | null; scope: string | null; optional: string | null }

export interface PomModel {
  modelVersion: string | null;
  groupId: string | null;
  artifactId: string | null;
  version: string | null;
  classifier: string | null;
  packaging: string;
  name: string | null;
  description: string | null;
  inceptionYear: string | null;
  url: string | null;
  organizationName: string | null;
  organizationUrl: string | null;
  licenses: PomLicense[];
  developers: PomParty[];
  contributors: PomParty[];
  scm: Record<string, string | null> | null;
  issueManagement: Record<string, string | null> | null;
  parent: { groupId: string | null; artifactId: string | null; version: string | null } | null;
  properties: Map<string, string | null>;
  dependencies: PomDependency[];
  dependencyManagement: PomDependency[];
}

export function readPom(content: Buffer): PomModel {
  const { name, root } = parseXml(content, 'POM XML');
  if (name !== 'project') throw new Error(`invalid POM XML: root element is <${name}>, not <project>`);
  const get = (path: string) => findText(root, path);
  const scm = child(root, 'scm');
  const issues = child(root, 'issueManagement');
  const parent = child(root, 'parent');
  return {
    modelVersion: get('modelVersion') ?? get('pomVersion'),
    groupId: get('groupId'),
    artifactId: get('artifactId'),
    version: get('version'),
    classifier: get('classifier'),
    packaging: get('packaging') ?? 'jar',
    name: get('name'),
    description: get('description'),
    inceptionYear: get('inceptionYear'),
    url: get('url'),
    organizationName: get('organization/name'),
    organizationUrl: get('organization/url'),
    licenses: children(child(root, 'licenses'), 'license').map((l) => ({
      name: findText(l, 'name'), url: findText(l, 'url'), comments: findText(l, 'comments'), distribution: findText(l, 'distribution'),
    })),
    developers: parties(root, 'developers/developer'),
    contributors: parties(root, 'contributors/contributor'),
    // ScanCode reads a `developer_connection` tag (not `developerConnection`): kept as it does.
    scm: scm && { connection: findText(scm, 'connection'), developer_connection: findText(scm, 'developer_connection'), url: findText(scm, 'url'), tag: findText(scm, 'tag') },
    issueManagement: issues && { system: findText(issues, 'system'), url: findText(issues, 'url') },
    parent: parent && { groupId: findText(parent, 'groupId'), artifactId: findText(parent, 'artifactId'), version: findText(parent, 'version') },
    properties: readProperties(root),
    dependencies: dependencies(child(root, 'dependencies')),
    dependencyManagement: dependencies(child(root, 'dependencyManagement/dependencies')),
  };
}

function parties(root: XmlElement, path: string): PomParty[] {
  const [group, item] = path.split('/');
  return children(child(root, group), item).map((p) => ({ name: findText(p, 'name'), email: findText(p, 'email'), url: findText(p, 'url') }));
}

/** `<properties>` children by tag (`<property name= value=>` form too), then `<prerequisites>`. */
function readProperties(root: XmlElement): Map<string, string | null> {
  const props = new Map<string, string | null>();
  const section = child(root, 'properties');
  for (const [tag, values] of Object.entries(section ?? {})) {
    if (!Array.isArray(values) || tag.startsWith('@') || tag === '#text') continue;
    for (const v of values) {
      const el = typeof v === 'string' ? { '#text': v } : v;
      if (tag === 'property') {
        const name = el['@name'];
        if (typeof name === 'string') props.set(name, typeof el['@value'] === 'string' ? el['@value'] : null);
      } else props.set(tag, textOf(el) || null);
    }
  }
  for (const [tag, values] of Object.entries(child(root, 'prerequisites') ?? {})) {
    if (!Array.isArray(values) || tag.startsWith('@')) continue;
    const value = textOf(typeof values[0] === 'string' ? { '#text': values[0] } : values[0]) || null;
    props.set(`prerequisites.${tag}`, value);
    props.set(`project.prerequisites.${tag}`, value);
  }
  return props;
}

function dependencies(section: XmlElement | null): PomDependency[] {
  return children(section, 'dependency').map((d) => ({
    groupId: rawText(d, 'groupId'), artifactId: rawText(d, 'artifactId'), version: rawText(d, 'version'),
    scope: rawText(d, 'scope'), optional: rawText(d, 'optional'),
  }));
}

/** pymaven's `findtext` (not stripped, '' for an empty element, null when absent). */
function rawText(el: XmlElement, name: string): string | null {
  return textOf(child(el, name));
}
