import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bool, jsonList, str } from './column-types';

@Entity('discovered_licenses')
export class DiscoveredLicenseEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'varchar', length: 1024 }) identifier!: string;
  @Column(str()) license_expression!: string;
  @Column(str()) license_expression_spdx!: string;
  @Column(jsonList()) matches!: unknown[];
  @Column(jsonList()) detection_log!: unknown[];
  @Column(bool()) from_package!: boolean;
  @Column(bool()) is_license_clue!: boolean;
  @Column({ type: 'integer', default: 0 }) detection_count!: number;
  @Column(jsonList()) file_regions!: unknown[];
  @Column(bool()) needs_review!: boolean;
  @Column(jsonList()) review_comments!: unknown[];
  @Column(str(10)) compliance_alert!: string;
}
