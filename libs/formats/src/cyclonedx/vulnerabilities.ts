/**
 * VulnerableCode data (`affected_by_vulnerabilities` entries) as CycloneDX vulnerabilities,
 * following ScanCode.io's `vulnerability_as_cyclonedx()`.
 */
import { Enums, Models, Types } from '@cyclonedx/cyclonedx-library';

type Data = Record<string, unknown>;

const SEVERITIES = new Set<string>(Object.values(Enums.Vulnerability.Severity));

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function records(value: unknown): Data[] {
  return Array.isArray(value) ? value.filter((item): item is Data => typeof item === 'object' && item !== null) : [];
}

/**
 * A score entry as a rating: CycloneDX takes a number as `score`; VulnerableCode may give a
 * textual severity instead, kept when it is one of CycloneDX's severities.
 */
function rating(score: Data, source: Models.Vulnerability.Source): Models.Vulnerability.Rating | undefined {
  const value = text(score['value']).trim();
  const vector = text(score['scoring_elements']) || undefined;
  const numeric = value === '' ? Number.NaN : Number(value);
  if (Number.isFinite(numeric)) return new Models.Vulnerability.Rating({ source, score: numeric, vector });
  const severity = value.toLowerCase();
  if (SEVERITIES.has(severity)) return new Models.Vulnerability.Rating({ source, severity: severity as Enums.Vulnerability.Severity, vector });
  return undefined;
}

function cwe(weakness: Data): number | undefined {
  const id = Number(String(weakness['cwe_id'] ?? '').replace(/^CWE-/i, ''));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** One vulnerability affecting the component `bomRef`. */
export function vulnerabilityToCycloneDx(data: Data, bomRef: string): Models.Vulnerability.Vulnerability {
  const references = new Models.Vulnerability.ReferenceRepository();
  const ratings = new Models.Vulnerability.RatingRepository();
  for (const reference of records(data['references'])) {
    const source = new Models.Vulnerability.Source({ url: text(reference['reference_url']) || undefined });
    const referenceId = text(reference['reference_id']);
    if (referenceId) references.add(new Models.Vulnerability.Reference(referenceId, source));
    for (const score of records(reference['scores'])) {
      const scored = rating(score, source);
      if (scored) ratings.add(scored);
    }
  }

  const cwes = new Types.CweRepository();
  for (const weakness of records(data['weaknesses'])) {
    const id = cwe(weakness);
    if (id !== undefined) cwes.add(id);
  }

  const affects = new Models.Vulnerability.AffectRepository();
  // ScanCode.io writes the affected component as `urn:cdx:<bom-ref>`.
  affects.add(new Models.Vulnerability.Affect(new Models.BomRef(`urn:cdx:${bomRef}`)));

  return new Models.Vulnerability.Vulnerability({
    id: text(data['advisory_id']) || text(data['vulnerability_id']) || undefined,
    source: new Models.Vulnerability.Source({ name: 'VulnerableCode', url: text(data['url']) || undefined }),
    description: text(data['summary']) || undefined,
    references,
    ratings,
    cwes,
    affects,
  });
}

export function packageVulnerabilities(vulnerabilities: readonly Record<string, unknown>[], bomRef: string): Models.Vulnerability.Vulnerability[] {
  return vulnerabilities.map((data) => vulnerabilityToCycloneDx(data, bomRef));
}
