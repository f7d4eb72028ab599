import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bool, jsonList, str } from './column-types';

@Entity('discovered_dependencies')
export class DiscoveredDependencyEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column(str(2048)) purl!: string;
  @Column(str(16)) type!: string;
  @Column(str(255)) namespace!: string;
  @Column(str(100)) name!: string;
  @Column(str(100)) version!: string;
  @Column(str(1024)) qualifiers!: string;
  @Column(str(200)) subpath!: string;
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
