import { DataSource } from 'typeorm';
import { DependencyRepository } from '../dependencies/dependency-repository';
import { RunInputSources } from '../inputs/run-input-sources';
import { LicenseDetectionRepository } from '../licenses/license-detection-repository';
import { ProjectMessages } from '../messages/project-messages';
import { PackageRepository } from '../packages/package-repository';
import { RelationRepository } from '../relations/relation-repository';
import { ResourceRepository } from '../resources/resource-repository';
import { RootfsResourceRepository } from '../resources/rootfs-resource-repository';
import { D2dResourceRepository } from '../resources/d2d-resource-repository';
import { RecordScope } from './record-scope';

/** The repositories of one run over its project's records, sharing one scope. */
export interface RunRepositories {
  resources: ResourceRepository;
  /** Resource queries of the root filesystem and image pipelines. */
  rootfsResources: RootfsResourceRepository;
  /** Resource selections, relations and flags of deploy-to-develop. */
  d2dResources: D2dResourceRepository;
  packages: PackageRepository;
  dependencies: DependencyRepository;
  relations: RelationRepository;
  licenses: LicenseDetectionRepository;
  messages: ProjectMessages;
  inputs: RunInputSources;
}

/** `runUuid` marks what the run inserts (null for records that no run owns). */
export function createRunRepositories(db: DataSource, projectUuid: string, runUuid: string | null): RunRepositories {
  const scope = new RecordScope(db, projectUuid, runUuid);
  return {
    resources: new ResourceRepository(scope),
    rootfsResources: new RootfsResourceRepository(scope),
    d2dResources: new D2dResourceRepository(scope),
    packages: new PackageRepository(scope),
    dependencies: new DependencyRepository(scope),
    relations: new RelationRepository(scope),
    licenses: new LicenseDetectionRepository(scope),
    messages: new ProjectMessages(scope),
    inputs: new RunInputSources(scope),
  };
}
