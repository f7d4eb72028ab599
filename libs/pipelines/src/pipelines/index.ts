import { PipelineDefinition } from '../framework/define';
import { loadInventoryPipeline } from './load-inventory.pipeline';

/** The built-in pipelines. Add a pipeline here when it is really implemented, never before. */
export const BUILT_IN_PIPELINES: PipelineDefinition[] = [loadInventoryPipeline];
