import type { DatafileHandler } from '../handler';
import { cargoLockHandler } from './cargo-lock';
import { cargoTomlHandler } from './cargo-toml';

export const handlers: DatafileHandler[] = [cargoTomlHandler, cargoLockHandler];
