import type { DatafileHandler } from '../handler';
import { nugetNupkgHandler } from './nupkg';
import { nugetNuspecHandler } from './nuspec';
import { nugetPackagesLockHandler } from './packages-lock';
import { nugetCsprojHandler, nugetPackagesConfigHandler } from './project-references';

export const handlers: DatafileHandler[] = [
  nugetNuspecHandler, nugetNupkgHandler, nugetPackagesLockHandler, nugetPackagesConfigHandler, nugetCsprojHandler,
];
