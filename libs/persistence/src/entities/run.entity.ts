import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('runs')
export class RunEntity {
  @PrimaryColumn('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'varchar', length: 256 }) pipeline_name!: string;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) created_date!: Date;
  @Column({ type: 'varchar', length: 100, default: '' }) scancodeio_version!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'varchar', length: 256, default: '' }) current_step!: string;
  @Column({ type: 'jsonb', nullable: true }) progress!: { done: number; total: number } | null;
  @Column({ type: 'jsonb', nullable: true }) selected_groups!: string[] | null;
  @Column({ type: 'jsonb', nullable: true }) selected_steps!: string[] | null;
  @Column({ type: 'uuid', nullable: true }) task_id!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) task_start_date!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) task_end_date!: Date | null;
  @Column({ type: 'integer', nullable: true }) task_exitcode!: number | null;
  @Column({ type: 'text', default: '' }) task_output!: string;
  @Column({ type: 'text', default: '' }) log!: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) runner_id!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) heartbeat_at!: Date | null;
}
