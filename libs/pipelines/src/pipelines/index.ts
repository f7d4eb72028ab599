import { PipelineDefinition } from '../framework/define';
import { inspectPackagesPipeline } from './inspect-packages.pipeline';
import { loadInventoryPipeline } from './load-inventory.pipeline';
import { loadSbomPipeline } from './load-sbom.pipeline';
import { resolveDependenciesPipeline } from './resolve-dependencies.pipeline';
import { scanCodebasePipeline } from './scan-codebase.pipeline';
import { scanSinglePackagePipeline } from './scan-single-package.pipeline';

/** The built-in pipelines, sorted by name. Add a pipeline here when it is really implemented, never before. */
export const BUILT_IN_PIPELINES: PipelineDefinition[] = [inspectPackagesPipeline, loadInventoryPipeline, loadSbomPipeline, resolveDependenciesPipeline, scanCodebasePipeline, scanSinglePackagePipeline];
