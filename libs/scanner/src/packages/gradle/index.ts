import type { DatafileHandler } from '../handler';
import { buildGradleHandler } from './build-gradle';
import { gradleLockfileHandler } from './gradle-lockfile';

export const handlers: DatafileHandler[] = [buildGradleHandler, gradleLockfileHandler];
