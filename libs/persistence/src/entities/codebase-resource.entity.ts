import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNullable, bool, jsonList, jsonObject, str } from './column-types';

@Entity('codebase_resources')
export class CodebaseResourceEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') project_uuid!: string;
  @Column(str(2000)) path!: string;
  @Column(str(2000)) parent_path!: string;
  @Column(str(2000)) rootfs_path!: string;
  @Column(str(255)) name!: string;
  @Column(str(100)) extension!: string;
  @Column({ type: 'varchar', length: 10 }) type!: string;
  @Column(bigintNullable()) size!: string | null;
  @Column(str(50)) tag!: string;
  @Column(str(50)) status!: string;
  @Column(str(100)) mime_type!: string;
  @Column(str(1024)) file_type!: string;
  @Column(str(50)) programming_language!: string;
  @Column(bool()) is_binary!: boolean;
  @Column(bool()) is_text!: boolean;
  @Column(bool()) is_archive!: boolean;
  @Column(bool()) is_media!: boolean;
  @Column(bool()) is_legal!: boolean;
  @Column(bool()) is_manifest!: boolean;
  @Column(bool()) is_readme!: boolean;
  @Column(bool()) is_top_level!: boolean;
  @Column(bool()) is_key_file!: boolean;
  @Column(str(32)) md5!: string;
  @Column(str(40)) sha1!: string;
  @Column(str(64)) sha256!: string;
  @Column(str(128)) sha512!: string;
  @Column(str(40)) sha1_git!: string;
  @Column(str()) detected_license_expression!: string;
  @Column(str()) detected_license_expression_spdx!: string;
  @Column(jsonList()) license_detections!: unknown[];
  @Column(jsonList()) license_clues!: unknown[];
  @Column({ type: 'double precision', nullable: true }) percentage_of_license_text!: number | null;
  @Column(str(10)) compliance_alert!: string;
  @Column(jsonList()) copyrights!: unknown[];
  @Column(jsonList()) holders!: unknown[];
  @Column(jsonList()) authors!: unknown[];
  @Column(jsonList()) emails!: unknown[];
  @Column(jsonList()) urls!: unknown[];
  @Column(jsonList()) package_data!: unknown[];
  @Column(jsonObject()) extra_data!: Record<string, unknown>;
}
