import type { DatafileHandler } from '../handler';
import { gemArchiveHandler } from './gem-archive';
import { gemfileHandler } from './gemfile';
import { gemfileLockHandler } from './gemfile-lock';
import { gemspecHandler, installedGemspecHandler } from './gemspec';

export const handlers: DatafileHandler[] = [gemArchiveHandler, gemspecHandler, installedGemspecHandler, gemfileHandler, gemfileLockHandler];
