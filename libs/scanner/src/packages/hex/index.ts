/** Hex (Elixir) handlers: mix.lock (not in ScanCode 32; mix.exs is code and is not read). */
import type { DatafileHandler } from '../handler';
import { MIX_LOCK, parseMixLock } from './mix-lock';

export const mixLockHandler: DatafileHandler = {
  datasourceId: MIX_LOCK,
  pathPatterns: ['*/mix.lock'],
  defaultPackageType: 'hex',
  defaultPrimaryLanguage: 'Elixir',
  description: 'Elixir mix.lock lockfile of Hex dependencies',
  documentationUrl: 'https://hexdocs.pm/mix/Mix.Tasks.Deps.html',
  parse: ({ content }) => parseMixLock(content),
};

export const handlers: DatafileHandler[] = [mixLockHandler];
