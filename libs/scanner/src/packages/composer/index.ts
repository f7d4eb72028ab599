import type { DatafileHandler } from '../handler';
import { composerJsonHandler, composerLockHandler } from './composer';

export const handlers: DatafileHandler[] = [composerJsonHandler, composerLockHandler];
