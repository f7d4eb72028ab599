import { Column, Entity } from 'typeorm';
import { bool, jsonList, str } from './column-types';
import { PurlColumns } from './purl-columns';

@Entity('discovered_dependencies')
export class DiscoveredDependencyEntity extends PurlColumns {
  @Column(str(1024)) dependency_uid!: string;
  @Column({ type: 'bigint', nullable: true }) for_package_id!: string | null;
  @Column({ type: 'bigint', nullable: true }) resolved_to_package_id!: string | null;
  @Column({ type: 'bigint', nullable: true }) datafile_resource_id!: string | null;
  @Column({ type: 'varchar', length: 2000, nullable: true }) datafile_path!: string | null;
  @Column(str(256)) extracted_requirement!: string;
  @Column(str(64)) scope!: string;
  @Column(str(64)) datasource_id!: string;
  @Column(bool()) is_runtime!: boolean;
  @Column(bool()) is_optional!: boolean;
  @Column(bool()) is_pinned!: boolean;
  @Column(bool()) is_direct!: boolean;
  @Column(jsonList()) affected_by_vulnerabilities!: unknown[];
}
