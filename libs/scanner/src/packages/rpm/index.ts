import type { DatafileHandler } from '../handler';
import { rpmArchiveHandler, rpmBdbHandler, rpmNdbHandler, rpmSqliteHandler } from './handlers';
import { rpmSpecfileHandler } from './specfile';

export { readHeaderBlob, readRpmFile } from './header';

export const handlers: DatafileHandler[] = [rpmArchiveHandler, rpmSqliteHandler, rpmNdbHandler, rpmBdbHandler, rpmSpecfileHandler];
