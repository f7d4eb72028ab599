import type { Response } from 'express';
import { PROJECT_NOT_FOUND } from '@sca/contracts';
import type { ProjectLoader, ReportProjectRow } from './project-loader';

/** The project, or null after answering DRF's 404 for it. */
export async function requireProject(loader: ProjectLoader, uuid: string, res: Response): Promise<ReportProjectRow | null> {
  const project = await loader.find(uuid);
  if (!project) res.status(404).json({ detail: PROJECT_NOT_FOUND });
  return project;
}
