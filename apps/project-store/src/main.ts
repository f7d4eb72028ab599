import { EVENTS, SERVICES } from '@sca/contracts';
import { bootstrapService } from '@sca/service';
import { DEVELOPMENT_API_KEY_PEPPER, ProjectStoreConfig } from './config/project-store.config';
import { ProjectStoreModule } from './project-store.module';
import { connectDatabase } from '@sca/persistence';
import { storageFromSettings } from '@sca/storage';
import { assertSchemaCurrent } from './schema/schema-gate';

bootstrapService({
  name: 'project-store',
  config: ProjectStoreConfig,
  async setup(config, logger, closeLater) {
    if (config.API_KEY_PEPPER === DEVELOPMENT_API_KEY_PEPPER) logger.warn('API_KEY_PEPPER is the development default: set a secret of your own outside development.');
    // project-store applies the migrations the other services rely on, unless a separate step does
    // (MIGRATE_AT_START=false: the Kubernetes Job); then it only refuses an older schema.
    const db = await connectDatabase(config, 'project-store', config.MIGRATE_AT_START);
    closeLater(() => db.destroy());
    if (!config.MIGRATE_AT_START) await assertSchemaCurrent(db);
    const storage = storageFromSettings(config);
    await storage.ensureBucket();
    return ProjectStoreModule.create(config, db, storage);
  },
  transport: () => ({ rpcService: SERVICES.projectStore, events: { queue: SERVICES.projectStore, bindings: [EVENTS.runCompleted] } }),
  listen: (config) => ({ port: config.PROJECT_STORE_PORT, host: config.PROJECT_STORE_HOST }),
});
