import type { DatafileHandler } from '../handler';
import { goModHandler } from './go-mod';
import { goSumHandler } from './go-sum';

export const handlers: DatafileHandler[] = [goModHandler, goSumHandler];
