import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ProjectLoader, ReportProjectRow } from '../projects/project-loader';
import { requireProject } from '../projects/require-project';
import { lastValue, type QueryValue } from '../http/query-value';
import { FailLevelError, projectComplianceAlerts, severitiesFor } from './compliance-alerts';

/** Compliance endpoints (reference §3.16), served to the gateway over internal HTTP. */
@Controller('internal/projects/:uuid')
export class ComplianceController {
  constructor(private readonly db: DataSource, private readonly loader: ProjectLoader) {}

  @Get('compliance')
  async compliance(@Param('uuid') uuid: string, @Query('fail_level') failLevel: QueryValue, @Res() res: Response): Promise<void> {
    let severities: readonly string[];
    try {
      severities = severitiesFor(lastValue(failLevel));
    } catch (error) {
      if (!(error instanceof FailLevelError)) throw error;
      res.status(400).json({ status: error.message });
      return;
    }
    const project = await this.project(uuid, res);
    if (project) res.json(await projectComplianceAlerts(this.db, project.uuid, severities));
  }

  @Get('license_clarity_compliance')
  async licenseClarity(@Param('uuid') uuid: string, @Res() res: Response): Promise<void> {
    const project = await this.project(uuid, res);
    if (project) res.json({ license_clarity_compliance_alert: project.extra_data['license_clarity_compliance_alert'] ?? null });
  }

  @Get('scorecard_compliance')
  async scorecard(@Param('uuid') uuid: string, @Res() res: Response): Promise<void> {
    const project = await this.project(uuid, res);
    if (project) res.json({ scorecard_compliance_alert: project.extra_data['scorecard_compliance_alert'] ?? null });
  }

  private project(uuid: string, res: Response): Promise<ReportProjectRow | null> {
    return requireProject(this.loader, uuid, res);
  }
}
