import type { DatafileHandler } from '../handler';
import { etcOsReleaseHandler } from './os-release';

export { distroFromOsRelease, parseOsRelease, type Distro, type OsRelease } from './os-release';
export { withNamespace, rootOf } from './system-package';
export { distroCheckMessage, distroFromOsReleaseFields, emptyDistro, mergeDistro, SUPPORTED_DISTROS, type DistroRecord } from './distro-record';

export const handlers: DatafileHandler[] = [etcOsReleaseHandler];
