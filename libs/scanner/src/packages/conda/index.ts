import type { DatafileHandler } from '../handler';
import { condaMetaYamlHandler, condaYamlHandler } from './conda';

export const handlers: DatafileHandler[] = [condaMetaYamlHandler, condaYamlHandler];
