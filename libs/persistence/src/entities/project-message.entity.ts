import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { jsonObject, str } from './column-types';

@Entity('project_messages')
export class ProjectMessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'varchar', length: 10 }) severity!: string;
  @Column(str()) description!: string;
  @Column(str(100)) model!: string;
  @Column(jsonObject()) details!: Record<string, unknown>;
  @Column(str()) traceback!: string;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) created_date!: Date;
}
