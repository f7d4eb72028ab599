/**
 * The npm / JavaScript family: package.json, npm lockfiles, yarn.lock (v1 and berry), pnpm
 * lockfiles and workspaces, and bower.json.
 */
import type { DatafileHandler } from '../handler';
import { bowerJsonHandler } from './bower-json';
import { npmPackageJsonHandler } from './package-json';
import { npmPackageLockJsonHandler, npmShrinkwrapJsonHandler } from './package-lock';
import { pnpmLockYamlHandler, pnpmShrinkwrapYamlHandler } from './pnpm-lock';
import { pnpmWorkspaceYamlHandler } from './pnpm-workspace';
import { yarnLockV1Handler, yarnLockV2Handler } from './yarn-lock';

export const handlers: DatafileHandler[] = [
  npmPackageJsonHandler,
  npmPackageLockJsonHandler,
  npmShrinkwrapJsonHandler,
  yarnLockV2Handler,
  yarnLockV1Handler,
  pnpmLockYamlHandler,
  pnpmShrinkwrapYamlHandler,
  pnpmWorkspaceYamlHandler,
  bowerJsonHandler,
];
