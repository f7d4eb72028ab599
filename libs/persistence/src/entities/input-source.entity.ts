import { Column, Entity, Generated, PrimaryColumn } from 'typeorm';

@Entity('input_sources')
export class InputSourceEntity {
  @PrimaryColumn('uuid') uuid!: string;
  /** Insertion order: the API lists input sources in the order they were added. */
  @Column({ type: 'bigint', insert: false }) @Generated('increment') seq!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'varchar', length: 1024, default: '' }) download_url!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) filename!: string;
  @Column({ type: 'boolean', default: false }) is_uploaded!: boolean;
  @Column({ type: 'varchar', length: 50, default: '' }) tag!: string;
  @Column({ type: 'bigint', nullable: true }) size!: string | null;
  /** The file is in object storage (uploaded, or fetched by a run); drives `exists`. */
  @Column({ type: 'boolean', default: false }) stored!: boolean;
}
