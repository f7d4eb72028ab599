import type { DatafileHandler } from '../handler';
import { etcOsReleaseHandler } from './os-release';

export { distroFromOsRelease, parseOsRelease, type Distro, type OsRelease } from './os-release';
export { withNamespace, rootOf } from './system-package';

export const handlers: DatafileHandler[] = [etcOsReleaseHandler];
