/**
 * `pnpm_workspace_yaml` (ScanCode PnpmWorkspaceYamlHandler): the workspace globs of a pnpm
 * monorepo, kept as `extra_data.workspaces`. It names no package; the npm assembly of the
 * sibling package.json reads it.
 */
import type { DatafileHandler } from '../handler';
import { packageData } from '../package-data';
import { loadYamlObject, NPM_COMMON } from './common';

export const pnpmWorkspaceYamlHandler: DatafileHandler = {
  datasourceId: 'pnpm_workspace_yaml',
  pathPatterns: ['*/pnpm-workspace.yaml'],
  ...NPM_COMMON,
  description: 'pnpm workspace yaml file',
  documentationUrl: 'https://pnpm.io/pnpm-workspace_yaml',
  parse: ({ content }) => {
    const data = loadYamlObject(content, 'pnpm-workspace.yaml');
    const workspaces = data['packages'];
    if (workspaces !== undefined && !Array.isArray(workspaces)) throw new Error('invalid pnpm-workspace.yaml: "packages" is not a list');
    if (!workspaces?.length) return [];
    return [packageData('pnpm_workspace_yaml', { type: 'npm', primary_language: NPM_COMMON.defaultPrimaryLanguage, extra_data: { workspaces } })];
  },
  // Read by the package.json assembly; on its own it makes nothing.
  assemble: (ctx, path) => ctx.markProcessed(path),
};
