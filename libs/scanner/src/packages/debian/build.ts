/**
 * PackageData from a deb822 package paragraph (ScanCode's debian.py `build_package_data`):
 * name, version as written (epoch and revision kept: `1:2.3-4`), `arch` qualifier,
 * description (multi-line kept), homepage, section as keyword, maintainer and
 * original maintainer parties, the Source field as a source package purl, Multi-Arch in
 * extra_data. Like ScanCode 32.x, Depends & co. are not turned into dependencies.
 */
import { packageData, purlOf, type PackageData, type Party } from '../package-data';
import { field, type Paragraph } from './deb822';

const party = (role: string, name: string): Party => ({ type: 'person', role, name, email: null, url: null });

export function buildDebianPackageData(p: Paragraph, datasourceId: string, namespace: string | null = null): PackageData {
  const architecture = field(p, 'architecture');
  const multiArch = field(p, 'multi-arch');
  const maintainer = field(p, 'maintainer');
  const original = field(p, 'original-maintainer');
  const section = field(p, 'section');
  const source = field(p, 'source');
  const parties: Party[] = [];
  if (maintainer) parties.push(party('maintainer', maintainer));
  if (original) parties.push(party('original_maintainer', original));
  // "Source: glibc (2.31-13)" also names a source version: the name is the first word (ScanCode
  // would put the whole value in the purl name). Installed-Size (KiB) is not `size` (bytes).
  const sourcePurl = source ? purlOf({ type: 'deb', namespace, name: source.split(/\s+/)[0], version: null, qualifiers: {}, subpath: null }) : null;
  return packageData(datasourceId, {
    type: 'deb',
    namespace,
    name: field(p, 'package'),
    version: field(p, 'version'),
    // `arch`, the purl spec's deb qualifier, as ScanCode.io's results spell it.
    qualifiers: architecture ? { arch: architecture } : {},
    description: field(p, 'description'),
    homepage_url: field(p, 'homepage'),
    keywords: section ? [section] : [],
    parties,
    source_packages: sourcePurl ? [sourcePurl] : [],
    extra_data: multiArch ? { multi_arch: multiArch } : {},
  });
}
