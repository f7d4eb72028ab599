import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../config/gateway.config';
import { proxyInternal } from '../http/internal-proxy';

/** Results, downloads and compliance of one project: built and streamed by reporting. */
@Controller('api/projects/:uuid')
export class ProjectResultsController {
  constructor(private readonly config: GatewayConfig) {}

  @Get(['results', 'results_download'])
  async results(@Req() req: Request, @Res() res: Response, @Param('uuid') uuid: string): Promise<void> {
    await this.proxy(req, res, uuid, this.config.DOWNLOAD_TIMEOUT_MS);
  }

  @Get(['compliance', 'license_clarity_compliance', 'scorecard_compliance'])
  async compliance(@Req() req: Request, @Res() res: Response, @Param('uuid') uuid: string): Promise<void> {
    await this.proxy(req, res, uuid, this.config.RPC_TIMEOUT_MS);
  }

  private proxy(req: Request, res: Response, uuid: string, timeoutMs: number): Promise<void> {
    const route = req.path.replace(/\/$/, '').split('/').pop() as string;
    return proxyInternal(req, res, `${this.config.REPORTING_URL}/internal/projects/${encodeURIComponent(uuid)}/${route}`, timeoutMs, 'reporting service');
  }
}

/** `GET /api/projects/report/?model=`: the multi-project XLSX report, built by reporting. */
@Controller('api/projects/report')
export class ProjectsReportController {
  constructor(private readonly config: GatewayConfig) {}

  @Get()
  async report(@Req() req: Request, @Res() res: Response): Promise<void> {
    await proxyInternal(req, res, `${this.config.REPORTING_URL}/internal/report`, this.config.DOWNLOAD_TIMEOUT_MS, 'reporting service');
  }
}
