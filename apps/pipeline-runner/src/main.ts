import { serviceVersion } from '@sca/config';
import { WORK } from '@sca/contracts';
import { connectDatabase } from '@sca/persistence';
import { bootstrapService } from '@sca/service';
import { storageFromSettings } from '@sca/storage';
import { RunnerConfig } from './config/runner.config';
import { RunnerModule } from './runner.module';

bootstrapService({
  name: 'pipeline-runner',
  config: RunnerConfig,
  async setup(config, _logger, closeLater) {
    const db = await connectDatabase(config, 'pipeline-runner');
    closeLater(() => db.destroy());
    return RunnerModule.create(config, db, storageFromSettings(config), serviceVersion());
  },
  // The prefetch bounds the runs this process holds: a run's message is acked when the run ends.
  transport: (config) => ({ work: [{ name: WORK.runExecute, prefetch: config.RUNNER_CONCURRENCY }], control: true }),
  listen: (config) => ({ port: config.RUNNER_PORT, host: config.RUNNER_HOST }),
});
