/**
 * `java_jar_manifest` / `java_osgi_manifest`: a jar's `META-INF/MANIFEST.MF` read as ScanCode's
 * jar_manifest.py does: the main section only; Gradle-structured `Implementation-Title`, Maven
 * Archiver headers, OSGi `Bundle-*` headers or plain names decide type, namespace, name and
 * version; vendors become parties; `Module-Origin`/`Scm-*` headers the VCS URL. An OSGi
 * bundle gets the `java_osgi_manifest` datasource id (that handler has no path pattern).
 */
import type { DatafileHandler } from '../handler';
import { packageData, type PackageData, type Party } from '../package-data';
import { assembleMaven } from './assemble';
import { normalizeVcsUrl } from './vcs-url';

const common = {
  defaultPrimaryLanguage: 'Java',
  documentationUrl: 'https://docs.oracle.com/javase/tutorial/deployment/jar/manifestindex.html',
  parse: ({ content }: { content: Buffer }) => parseJarManifest(content),
  assemble: assembleMaven,
};

export const javaJarManifestHandler: DatafileHandler = {
  ...common, datasourceId: 'java_jar_manifest', pathPatterns: ['*/META-INF/MANIFEST.MF'], defaultPackageType: 'jar', description: 'Java JAR MANIFEST.MF',
};

export const javaOsgiManifestHandler: DatafileHandler = {
  ...common, datasourceId: 'java_osgi_manifest', pathPatterns: [], defaultPackageType: 'osgi', description: 'Java OSGi MANIFEST.MF',
};

/** Sections split on blank lines; `Key: value` lines, continuation lines start with one space. */
export function parseManifestSections(text: string): Map<string, string>[] {
  const lines = text.split(/\r\n|\r|\n/).join('\n');
  return lines.split(/\n\n+/).map((section) => {
    const data = new Map<string, string>();
    let key: string | null = null;
    for (const line of section.split('\n')) {
      if (!line) continue;
      if (!line.startsWith(' ')) {
        const i = line.indexOf(': ');
        key = i < 0 ? line : line.slice(0, i);
        data.set(key, i < 0 ? '' : line.slice(i + 2));
      } else if (key !== null) data.set(key, (data.get(key) ?? '') + line.slice(1));
      else throw new Error('invalid MANIFEST.MF: continuation line before any header');
    }
    return data;
  });
}

export function parseJarManifest(content: Buffer): PackageData[] {
  if (content.includes(0)) throw new Error('invalid MANIFEST.MF: binary content');
  const main = parseManifestSections(content.toString('utf8'))[0];
  if (!main || main.size <= 1) return [];
  const get = (k: string) => {
    const v = main.get(k) || null;
    return v && /^[%${]/.test(v) ? null : v;
  };
  const id = identity(get);
  const descriptions = [...new Set(id.descriptions)].filter((d): d is string => Boolean(d && d.trim() && d !== id.name));
  const description = descriptions.join('\n');
  const comment = get('Comment');
  const docUrl = get('Bundle-DocURL');
  const extra: Record<string, string> = {};
  if (comment) extra['notes'] = comment;
  if (docUrl) extra['documentation_url'] = docUrl;
  return [packageData(id.type === 'osgi' ? 'java_osgi_manifest' : 'java_jar_manifest', {
    type: id.type, namespace: id.namespace, name: id.name, version: id.version,
    description: description && description !== id.name ? description : null,
    extracted_license_statement: get('Bundle-License'),
    copyright: get('Bundle-Copyright'),
    homepage_url: get('Implementation-URL') ?? get('Implementation-Url'),
    parties: parties(get),
    ...vcs(get),
    extra_data: extra,
  })];
}

type Get = (k: string) => string | null;
const isId = (s: string | null) => Boolean(s && !s.trim().includes(' '));

function identity(get: Get) {
  let bSym = get('Bundle-SymbolicName');
  if (bSym?.includes(';')) bSym = bSym.slice(0, bSym.indexOf(';'));
  const iTitle = get('Implementation-Title');
  const extNm = get('Extension-Name') === bSym ? null : get('Extension-Name');
  const amNm = get('Automatic-Module-Name') === bSym ? null : get('Automatic-Module-Name');
  const nm = get('Name');
  const iVendId = get('Implementation-Vendor-Id');
  const iVersion = get('Implementation-Version') ?? get('ImplementationVersion');
  const bName = get('Bundle-Name');
  const bDesc = get('Bundle-Description');
  let sTitle = get('Specification-Title');
  if ([iTitle, bName, bDesc].includes(sTitle)) sTitle = null;
  const split = (iTitle ?? '').split(/[#;]/);
  if (isId(iTitle) && split.length === 3 && split.every(Boolean)) {
    return { type: 'maven', namespace: split[0], name: split[1], version: split[2], descriptions: [nm, sTitle, bName, bDesc] };
  }
  if (iTitle && iVendId && iVersion) {
    const type = isId(iTitle) && !iTitle.startsWith(iVendId) ? 'maven' : 'jar';
    return { type, namespace: iVendId, name: iTitle, version: iVersion, descriptions: [bName, bDesc] };
  }
  if (bSym) return { type: 'osgi', namespace: null, name: bSym, version: get('Bundle-Version'), descriptions: [bName, bDesc] };
  const base = { type: 'jar', namespace: null, version: iVersion };
  if (isId(iTitle)) return { ...base, name: iTitle, descriptions: [sTitle, nm] };
  if (isId(amNm)) return { ...base, name: amNm, descriptions: [sTitle, iTitle, nm] };
  if (isId(extNm)) return { ...base, name: extNm, descriptions: [sTitle, iTitle, nm] };
  if (isId(nm)) return { ...base, name: nm, descriptions: [sTitle, iTitle] };
  return { ...base, name: iTitle ?? amNm ?? extNm ?? nm, descriptions: [sTitle, iTitle, nm] };
}

function parties(get: Get): Party[] {
  const out: Party[] = [];
  const party = (role: string, name: string, email: string | null = null): Party => ({ type: null, role, name, email, url: null });
  const iVend = get('Implementation-Vendor');
  if (iVend) out.push(party('vendor', iVend));
  const sVend = get('Specification-Vendor');
  if (sVend && sVend !== iVend) out.push(party('spec-vendor', sVend));
  const bVend = get('Bundle-Vendor') ?? get('BundleVendor');
  if (bVend && !out.some((p) => p.role === 'vendor' && p.name === bVend)) out.push(party('vendor', bVend));
  const owner = get('Module-Owner');
  const email = get('Module-Email');
  if (owner) out.push(party('owner', owner, email && email !== owner ? email : null));
  return out;
}

function vcs(get: Get): { vcs_url: string | null; code_view_url: string | null } {
  const origin = (get('Module-Origin') ?? '').trim();
  if (origin) {
    const rev = (get('Change') ?? get('Branch') ?? '').trim();
    const sub = (get('Module-Source') ?? '').replace(/^\/+|\/+$/g, '').trim();
    return { vcs_url: `${normalizeVcsUrl(origin)}${rev ? `@${rev}` : ''}${sub ? `#${sub}` : ''}`, code_view_url: null };
  }
  const scmUrl = get('Scm-Url') ?? '';
  const connection = get('Scm-Connection') ?? '';
  const rev = (get('Scm-Revision') ?? '').trim();
  const at = rev ? `@${rev}` : '';
  if (scmUrl.trim()) return { vcs_url: `${normalizeVcsUrl(scmUrl)}${at}`, code_view_url: scmUrl };
  // ScanCode parses the connection but then formats the (empty) Scm-Url: the result is just the revision.
  if (connection.trim()) return { vcs_url: at || null, code_view_url: null };
  return { vcs_url: null, code_view_url: null };
}
