/**
 * What an SBOM says of the product it describes (its `metadata.component` and supplier): the
 * project's `product_name` and `product_version` settings (ScanCode.io's), else what the
 * codebase's own top-level package says of itself: its version, and as supplier its first
 * author or maintainer with the package's URLs (the EU CRA minimum elements and OWASP SCVS ask
 * for the product version and the manufacturer with a contact). Nothing is invented: without a
 * setting or a top-level package, these stay unset.
 */
import type { PackageRecord, Party } from '@sca/contracts';

export interface ProductSupplier {
  name: string;
  urls: string[];
  contact: { name?: string; email?: string }[];
}

export interface Product {
  name: string;
  version?: string;
  supplier?: ProductSupplier;
}

/** Depth of a datafile path below the codebase root (`x.tgz-extract/package.json` is 1 inside its input's directory). */
function depth(path: string): number {
  const segments = path.split('/').filter((s) => s && !s.endsWith('-extract'));
  return segments.length;
}

/** Lockfile datasources: a package only a lockfile names was locked by the product, it is not the product. */
const LOCKFILE_DATASOURCE = /lock|shrinkwrap|resolved/;

/**
 * Picks the codebase's top-level package while packages stream by: the one with the shallowest
 * datafile, if only one package has it, among those a manifest describes (not only a lockfile).
 */
export class TopLevelPackage {
  private best: PackageRecord | null = null;
  private bestDepth = Infinity;
  private tied = false;

  offer(pkg: PackageRecord): void {
    if (!(pkg.datasource_ids ?? []).some((id) => !LOCKFILE_DATASOURCE.test(id))) return;
    const d = Math.min(...(pkg.datafile_paths ?? []).map(depth));
    if (!Number.isFinite(d) || d > this.bestDepth) return;
    if (d === this.bestDepth) {
      this.tied = true;
      return;
    }
    this.best = pkg;
    this.bestDepth = d;
    this.tied = false;
  }

  get package(): PackageRecord | null {
    return this.tied ? null : this.best;
  }
}

const SUPPLIER_ROLES = ['author', 'maintainer', 'owner', 'vendor'];

function supplierOf(pkg: PackageRecord): ProductSupplier | undefined {
  const party = SUPPLIER_ROLES.map((role) => pkg.parties.find((p: Party) => p.role === role && p.name)).find(Boolean);
  if (!party) return undefined;
  const urls = [party.url, pkg.bug_tracking_url, pkg.homepage_url].filter((u): u is string => Boolean(u));
  return { name: party.name as string, urls: [...new Set(urls)], contact: party.email ? [{ name: party.name as string, email: party.email }] : [] };
}

const setting = (settings: Record<string, unknown>, key: string): string | undefined => {
  const value = settings[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

export function productOf(projectName: string, settings: Record<string, unknown>, top: PackageRecord | null): Product {
  return {
    name: setting(settings, 'product_name') ?? projectName,
    version: setting(settings, 'product_version') ?? (top?.version || undefined),
    supplier: top ? supplierOf(top) : undefined,
  };
}
