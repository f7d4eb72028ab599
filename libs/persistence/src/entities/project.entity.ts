import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('projects')
export class ProjectEntity {
  @PrimaryColumn('uuid') uuid!: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) created_date!: Date;
  @Column({ type: 'varchar', length: 100, unique: true }) name!: string;
  @Column({ type: 'varchar', length: 110, unique: true }) slug!: string;
  @Column({ type: 'boolean', default: false }) is_archived!: boolean;
  @Column({ type: 'text', default: '' }) notes!: string;
  @Column({ type: 'jsonb', default: {} }) settings!: Record<string, unknown>;
  @Column({ type: 'text', array: true, default: [] }) labels!: string[];
  @Column({ type: 'text', array: true, default: [] }) label_slugs!: string[];
  @Column({ type: 'varchar', length: 2048, default: '' }) purl!: string;
  @Column({ type: 'jsonb', default: {} }) extra_data!: Record<string, unknown>;
  @Column({ type: 'integer', default: 0 }) resource_count!: number;
  @Column({ type: 'integer', default: 0 }) package_count!: number;
  @Column({ type: 'integer', default: 0 }) dependency_count!: number;
  @Column({ type: 'integer', default: 0 }) message_count!: number;
  @Column({ type: 'integer', default: 0 }) relation_count!: number;
}
