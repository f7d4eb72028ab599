import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { jsonObject } from './column-types';

@Entity('codebase_relations')
export class CodebaseRelationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column('bigint') from_resource_id!: string;
  @Column('bigint') to_resource_id!: string;
  @Column({ type: 'varchar', length: 30 }) map_type!: string;
  @Column(jsonObject()) extra_data!: Record<string, unknown>;
}
