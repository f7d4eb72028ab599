import { connectDatabase } from '@sca/persistence';
import { loadServicePolicies } from '@sca/policies';
import { bootstrapService } from '@sca/service';
import { storageFromSettings } from '@sca/storage';
import { ReportingConfig } from './config/reporting.config';
import { ReportingModule } from './reporting.module';

/** The reporting service: results, downloads, the XLSX report and compliance, read-only on the database; no broker. */
bootstrapService({
  name: 'reporting',
  config: ReportingConfig,
  async setup(config, _logger, closeLater) {
    // A bad POLICIES_FILE stops the service at start, as it stops the runner.
    const policies = loadServicePolicies(config.POLICIES_FILE);
    const db = await connectDatabase(config, 'reporting');
    closeLater(() => db.destroy());
    const storage = storageFromSettings(config);
    await storage.ensureBucket();
    return ReportingModule.create(config, db, storage, policies);
  },
  listen: (config) => ({ port: config.REPORTING_PORT, host: config.REPORTING_HOST }),
});
