import type { MessageInput } from '@sca/persistence';
import type { ExtractionProblem } from '@sca/scanner';

/** One project message per extraction problem, about `resourcePath` (the input or archive), under `model`. */
export function extractionMessages(problems: readonly ExtractionProblem[], resourcePath: string, model: string): MessageInput[] {
  return problems.map((p) => ({
    severity: p.severity,
    description: p.entry ? `${p.reason}: ${p.entry}` : p.reason,
    model,
    details: { resource_path: resourcePath, ...(p.entry ? { entry: p.entry } : {}) },
  }));
}
