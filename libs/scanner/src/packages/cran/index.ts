import type { DatafileHandler } from '../handler';
import { cranDescriptionHandler } from './cran';

export const handlers: DatafileHandler[] = [cranDescriptionHandler];
