/**
 * CRAN DESCRIPTION files (RFC 822 style, read with the shared header reader): package identity,
 * parties from Maintainer / Author (or Authors@R person() calls when Author is absent), License,
 * and Depends / Imports / Suggests / LinkingTo dependencies.
 */
import type { DatafileHandler } from '../handler';
import { packageData, purlOf, type DependencyInput, type Party } from '../package-data';
import { header, parseRfc822 } from '../pypi/rfc822';

/** packageurl-js insists on a version for cran purls; a dependency purl has none, so build it by hand. */
function cranPurl(name: string): string | null {
  return purlOf({ type: 'cran', namespace: null, name, version: '0', qualifiers: {}, subpath: null })?.replace(/@0$/, '') ?? null;
}

function partyInfo(role: string, text: string): Party | null {
  const t = text.trim().replace(/,$/, '');
  if (!t) return null;
  const m = /^(.*?)\s*<([^>]*@[^>]*)>\s*$/.exec(t);
  return { type: null, role, name: m ? m[1].trim() || null : t, email: m ? m[2].trim() : null, url: null };
}

/** `person("Given", "Family", role = c("aut", "cre"), email = "x@y")` calls of Authors@R. */
function authorsAtR(text: string): Party[] {
  const out: Party[] = [];
  for (const call of text.matchAll(/person\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const args = call[1];
    const positional = [...args.matchAll(/(?:^|,)\s*"([^"]*)"/g)].map((m) => m[1]);
    const named = (key: string) => new RegExp(`${key}\\s*=\\s*"([^"]*)"`).exec(args)?.[1] ?? null;
    const name = [named('given') ?? positional[0], named('family') ?? positional[1]].filter(Boolean).join(' ');
    const roles = /role\s*=\s*(?:c\(([^)]*)\)|"([^"]*)")/.exec(args);
    const roleList = roles ? (roles[1] ?? `"${roles[2]}"`).match(/"([^"]*)"/g)?.map((r) => r.slice(1, -1)) ?? [] : [];
    const role = roleList.includes('cre') ? 'maintainer' : 'author';
    out.push({ type: null, role, name: name || null, email: named('email'), url: null });
  }
  return out;
}

const DEPENDENCY_FIELDS: [string, string, boolean][] = [
  ['Depends', 'dependencies', true], ['Imports', 'imports', true], ['LinkingTo', 'linkingto', true], ['Suggests', 'suggests', false],
];

function dependencies(field: string | null, scope: string, runtime: boolean): DependencyInput[] {
  if (!field) return [];
  const out: DependencyInput[] = [];
  for (const item of field.split(',')) {
    const m = /^\s*([A-Za-z0-9.]+)\s*(?:\(\s*([^)]*?)\s*\))?\s*$/.exec(item.replace(/\n/g, ' '));
    if (!m) continue;
    out.push({ purl: cranPurl(m[1]), extracted_requirement: m[2] || null, scope, is_runtime: runtime, is_optional: !runtime, is_pinned: false });
  }
  return out;
}

export const cranDescriptionHandler: DatafileHandler = {
  datasourceId: 'cran_description',
  pathPatterns: ['*/DESCRIPTION'],
  defaultPackageType: 'cran',
  defaultPrimaryLanguage: 'R',
  description: 'CRAN package DESCRIPTION',
  documentationUrl: 'https://r-pkgs.org/description.html',
  parse: ({ content }) => {
    const msg = parseRfc822(content.toString('utf8'), { continuation: 'trim' });
    const name = header(msg, 'Package');
    if (!name) return [];
    const parties: Party[] = [];
    for (const m of (header(msg, 'Maintainer') ?? '').split(',\n')) {
      const p = partyInfo('maintainer', m);
      if (p) parties.push(p);
    }
    const author = header(msg, 'Author');
    if (author) {
      for (const a of author.split(',\n')) {
        const p = partyInfo('author', a);
        if (p) parties.push(p);
      }
    } else parties.push(...authorsAtR(header(msg, 'Authors@R') ?? ''));
    const deps = DEPENDENCY_FIELDS.flatMap(([field, scope, runtime]) => dependencies(header(msg, field), scope, runtime));
    return [packageData('cran_description', {
      type: 'cran', name, version: header(msg, 'Version'), primary_language: 'R',
      description: header(msg, 'Description') || header(msg, 'Title'), extracted_license_statement: header(msg, 'License'),
      parties, dependencies: deps, repository_homepage_url: `https://cran.r-project.org/package=${name}`,
    })];
  },
};
