/**
 * `hasExtractedLicensingInfos`: one entry for each `LicenseRef-*` key used in the packages'
 * SPDX license expressions. The texts come from an optional resolver (the license index lives
 * outside this library); without one the text is a single space, ScanCode.io's fallback.
 */

export interface ExtractedLicenseDetails {
  name?: string;
  text?: string;
  seeAlsos?: string[];
}

/** Looks up a `LicenseRef-*` key, e.g. in the ScanCode license index. */
export type LicenseRefResolver = (licenseRef: string) => ExtractedLicenseDetails | undefined;

/**
 * The `LicenseRef-*` symbols of an SPDX expression. A plain token scan: license-ref ids are
 * `LicenseRef-[A-Za-z0-9.-]+`, and a scan also works on expressions a strict parser rejects.
 */
export function licenseRefs(expression: string): string[] {
  return expression.match(/(?<![A-Za-z0-9.:-])LicenseRef-[A-Za-z0-9.-]+/g) ?? [];
}

export function extractedLicensingInfos(refs: Iterable<string>, resolve?: LicenseRefResolver): Record<string, unknown>[] {
  return [...new Set(refs)].sort().map((licenseId) => {
    const details = resolve?.(licenseId) ?? {};
    const info: Record<string, unknown> = { licenseId, extractedText: details.text || ' ' };
    if (details.name) info['name'] = details.name;
    if (details.seeAlsos?.length) info['seeAlsos'] = details.seeAlsos;
    return info;
  });
}
