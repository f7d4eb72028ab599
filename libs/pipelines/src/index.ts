export * from './framework/define';
export * from './framework/run-step';
export * from './framework/step-context';
export * from './framework/step-context-factory';
export * from './framework/run-policies';
export * from './framework/run-end';
export * from './framework/format-failure';
export * from './framework/registry';
export * from './framework/pipeline-info';
export * from './framework/codebase-pack';
export * from './framework/codebase-files';
export * from './steps/download-missing-inputs.step';
export * from './steps/input-files-error';
export * from './pipelines';

import { downloadMissingInputsStep } from './steps/download-missing-inputs.step';
import { PipelineRegistry } from './framework/registry';
import { BUILT_IN_PIPELINES } from './pipelines';

export function createPipelineRegistry(extraDirs: string[] = []): PipelineRegistry {
  return new PipelineRegistry(BUILT_IN_PIPELINES, downloadMissingInputsStep, extraDirs);
}
