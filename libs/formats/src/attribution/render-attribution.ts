/**
 * The `attribution` output (`results-<ts>.attribution.html`, reference §8). The caller picks
 * the template in ScanCode.io's lookup order — the project env `attribution_template` string,
 * then `codebase/.scancode/templates/attribution.html`, then the built-in page (omit
 * `template`) — see `pickAttributionTemplate`.
 */
import type { ReportInput } from '../report/report-input';
import { buildAttributionContext, type LicenseTextLookup } from './attribution-context';
import { DEFAULT_ATTRIBUTION_TEMPLATE } from './default-template';
import { renderTemplate } from './template-engine';

export interface RenderAttributionOptions {
  /** A project-provided template (template-engine.ts syntax); the built-in page otherwise. */
  template?: string;
  /** License data by ScanCode key (or SPDX id); null for an unknown key. */
  licenseTexts: LicenseTextLookup;
}

/** The first non-empty template among the candidates, in lookup order; undefined = built-in. */
export function pickAttributionTemplate(...candidates: (string | null | undefined)[]): string | undefined {
  return candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
}

/** Renders the attribution HTML page; throws TemplateSyntaxError for an invalid template. */
export async function renderAttribution(input: ReportInput, opts: RenderAttributionOptions): Promise<string> {
  const context = await buildAttributionContext(input, opts.licenseTexts);
  return renderTemplate(opts.template ?? DEFAULT_ATTRIBUTION_TEMPLATE, context);
}
