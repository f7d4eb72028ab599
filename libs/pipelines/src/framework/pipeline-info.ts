import { availableGroups, PipelineDefinition } from './define';

export interface PipelineInfo {
  name: string;
  summary: string;
  description: string;
  steps: { name: string; doc: string; groups: string[] }[];
  available_groups: string[];
  is_available: boolean;
  unavailable_reason: string | null;
}

/** The item of GET /api/projects/pipelines/, keys in ScanCode.io's order. */
export function pipelineInfo(p: PipelineDefinition, allSteps: PipelineDefinition['steps']): PipelineInfo {
  const reason = p.unavailableReason?.() ?? null;
  return {
    name: p.name,
    summary: p.summary,
    description: p.description,
    steps: allSteps.map((s) => ({ name: s.name, doc: s.doc, groups: s.groups ?? [] })),
    available_groups: availableGroups(p),
    is_available: reason === null,
    unavailable_reason: reason,
  };
}
