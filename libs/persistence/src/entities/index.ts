import { ApiTokenEntity } from './api-token.entity';
import { CodebaseRelationEntity } from './codebase-relation.entity';
import { CodebaseResourceEntity } from './codebase-resource.entity';
import { DiscoveredDependencyEntity } from './discovered-dependency.entity';
import { DiscoveredLicenseEntity } from './discovered-license.entity';
import { DiscoveredPackageEntity } from './discovered-package.entity';
import { InputSourceEntity } from './input-source.entity';
import { ProjectMessageEntity } from './project-message.entity';
import { ProjectEntity } from './project.entity';
import { RunEntity } from './run.entity';
import { UserEntity } from './user.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookSubscriptionEntity } from './webhook-subscription.entity';

export {
  ApiTokenEntity, CodebaseRelationEntity, CodebaseResourceEntity, DiscoveredDependencyEntity,
  DiscoveredLicenseEntity, DiscoveredPackageEntity, InputSourceEntity, ProjectMessageEntity,
  ProjectEntity, RunEntity, UserEntity, WebhookDeliveryEntity, WebhookSubscriptionEntity,
};

export const ALL_ENTITIES = [
  ProjectEntity, RunEntity, InputSourceEntity, WebhookSubscriptionEntity, WebhookDeliveryEntity,
  CodebaseResourceEntity, DiscoveredPackageEntity, DiscoveredDependencyEntity, CodebaseRelationEntity,
  ProjectMessageEntity, DiscoveredLicenseEntity, UserEntity, ApiTokenEntity,
];
