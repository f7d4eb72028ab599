import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { serviceVersion } from '@sca/config';
import { isXlsxReportModel, ReportProjectInput, writeProjectsReportXlsx, XLSX_MODELS } from '@sca/formats';
import { buildProjectFilter, ProjectFilterError, reportProjects } from '@sca/persistence';
import { dbReportInput } from '../projects/db-report-input';
import type { ReportProjectRow } from '../projects/project-loader';
import { contentTypeFor, outputTimestamp } from '@sca/formats';
import { sendBody, withTempDir } from '../downloads/send-body';
import { lastValue, type QueryValue } from '../http/query-value';

type RawQuery = Record<string, QueryValue>;

const CHOICES = XLSX_MODELS.join(', ');

/**
 * `GET /api/projects/report/?model=` (reference §3.18): one XLSX sheet of a model over the
 * projects the list filters select, newest first as the project list.
 */
@Controller('internal/report')
export class ReportController {
  private readonly logger = new Logger(ReportController.name);

  constructor(private readonly db: DataSource) {}

  @Get()
  async report(@Query() query: RawQuery, @Res() res: Response): Promise<void> {
    const model = lastValue(query['model']);
    if (!model) {
      res.status(400).json({ error: 'Specifies the model to include in the XLSX report. Using: ?model=MODEL', choices: CHOICES });
      return;
    }
    // ScanCode.io says "is not on of the valid choices"; ARCHITECTURE §8 has it spelled right.
    if (!isXlsxReportModel(model)) {
      res.status(400).json({ error: `${model} is not one of the valid choices`, choices: CHOICES });
      return;
    }
    let projects: ReportProjectRow[];
    try {
      projects = await this.projects(query);
    } catch (error) {
      if (!(error instanceof ProjectFilterError)) throw error;
      res.status(400).json(error.errors);
      return;
    }
    const inputs: ReportProjectInput[] = projects.map((p) => ({ name: p.name, input: dbReportInput(this.db, { ...p, input_sources: [] }, serviceVersion()) }));
    await withTempDir('reporting-report-', async (dir) => {
      const filename = `scancodeio-report-${outputTimestamp()}.xlsx`;
      const path = join(dir, filename);
      await writeProjectsReportXlsx(model, inputs, path);
      await sendBody(res, contentTypeFor(filename), filename, () => createReadStream(path), this.logger);
    });
  }

  private projects(query: RawQuery): Promise<ReportProjectRow[]> {
    return reportProjects(this.db, buildProjectFilter(query));
  }
}
