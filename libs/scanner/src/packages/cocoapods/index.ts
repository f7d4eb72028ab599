import type { DatafileHandler } from '../handler';
import { podfileHandler } from './podfile';
import { podfileLockHandler } from './podfile-lock';
import { podspecHandler, podspecJsonHandler } from './podspec';

export const handlers: DatafileHandler[] = [podfileHandler, podfileLockHandler, podspecHandler, podspecJsonHandler];
