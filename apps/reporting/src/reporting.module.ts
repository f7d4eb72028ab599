import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pingDatabase } from '@sca/persistence';
import { ObservabilityModule, databaseCheck, storageCheck } from '@sca/observability';
import type { Policies } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { ReportingConfig } from './config/reporting.config';
import { ComplianceController } from './compliance/compliance.controller';
import { GLOBAL_POLICIES, ProjectPolicies } from './compliance/project-policies';
import { DownloadsController } from './downloads/downloads.controller';
import { OutputGenerator } from './downloads/output-generator';
import { CodebaseFiles } from './projects/codebase-files';
import { ProjectLoader } from './projects/project-loader';
import { ReportController } from './report/report.controller';

@Module({})
export class ReportingModule {
  static create(config: ReportingConfig, db: DataSource, storage: ObjectStorage, globalPolicies: Policies | null): DynamicModule {
    return {
      module: ReportingModule,
      imports: [
        ObservabilityModule.forRoot({
          service: 'reporting',
          checks: () => ({ database: databaseCheck(() => pingDatabase(db)), storage: storageCheck(storage) }),
        }),
      ],
      controllers: [DownloadsController, ComplianceController, ReportController],
      providers: [
        { provide: ReportingConfig, useValue: config },
        { provide: DataSource, useValue: db },
        { provide: OBJECT_STORAGE, useValue: storage },
        { provide: GLOBAL_POLICIES, useValue: globalPolicies },
        ProjectLoader, CodebaseFiles, ProjectPolicies, OutputGenerator,
      ],
    };
  }
}
