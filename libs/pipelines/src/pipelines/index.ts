import { PipelineDefinition } from '../framework/define';
import { analyzeDockerImagePipeline } from './analyze-docker-image.pipeline';
import { analyzeRootFilesystemPipeline } from './analyze-root-filesystem.pipeline';
import { inspectPackagesPipeline } from './inspect-packages.pipeline';
import { loadInventoryPipeline } from './load-inventory.pipeline';
import { loadSbomPipeline } from './load-sbom.pipeline';
import { mapDeployToDevelopPipeline } from './map-deploy-to-develop.pipeline';
import { resolveDependenciesPipeline } from './resolve-dependencies.pipeline';
import { scanCodebasePipeline } from './scan-codebase.pipeline';
import { scanForVirusPipeline } from './scan-for-virus.pipeline';
import { scanSinglePackagePipeline } from './scan-single-package.pipeline';

/** The built-in pipelines, sorted by name. Add a pipeline here when it is really implemented, never before. */
export const BUILT_IN_PIPELINES: PipelineDefinition[] = [analyzeDockerImagePipeline, analyzeRootFilesystemPipeline, inspectPackagesPipeline, loadInventoryPipeline, loadSbomPipeline, mapDeployToDevelopPipeline, resolveDependenciesPipeline, scanCodebasePipeline, scanForVirusPipeline, scanSinglePackagePipeline];
