import type { DatafileHandler } from '../handler';
import { editableEggPkgInfoHandler, eggHandler, eggPkgInfoHandler, sdistPkgInfoHandler, wheelHandler, wheelMetadataHandler } from './metadata-handlers';
import { poetryLockHandler, uvLockHandler } from './locks';
import { pipInspectDeplockHandler } from './pip-inspect-deplock';
import { poetryPyprojectHandler, pyprojectHandler } from './pyproject';
import { pipfileHandler, pipfileLockHandler, requirementsHandler } from './requirements-handlers';
import { setupCfgHandler } from './setup-cfg';
import { setupPyHandler } from './setup-py';

export const handlers: DatafileHandler[] = [
  wheelMetadataHandler,
  sdistPkgInfoHandler,
  eggPkgInfoHandler,
  editableEggPkgInfoHandler,
  wheelHandler,
  eggHandler,
  setupCfgHandler,
  setupPyHandler,
  pyprojectHandler,
  poetryPyprojectHandler,
  requirementsHandler,
  pipfileHandler,
  pipfileLockHandler,
  poetryLockHandler,
  uvLockHandler,
  pipInspectDeplockHandler,
];
