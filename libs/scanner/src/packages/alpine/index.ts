import type { DatafileHandler } from '../handler';
import { alpineApkArchiveHandler } from './apk-archive';
import { alpineApkbuildHandler } from './apkbuild';
import { alpineInstalledDbHandler } from './installed-db';

export const handlers: DatafileHandler[] = [alpineInstalledDbHandler, alpineApkbuildHandler, alpineApkArchiveHandler];
