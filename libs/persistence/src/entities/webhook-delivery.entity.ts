import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'uuid', nullable: true }) webhook_subscription_uuid!: string | null;
  @Column({ type: 'uuid', nullable: true }) run_uuid!: string | null;
  @Column({ type: 'varchar', length: 1024 }) target_url!: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) sent_date!: Date;
  @Column({ type: 'jsonb', default: {} }) payload!: Record<string, unknown>;
  @Column({ type: 'integer', nullable: true }) response_status_code!: number | null;
  @Column({ type: 'text', default: '' }) response_text!: string;
  @Column({ type: 'text', default: '' }) delivery_error!: string;
  @Column({ type: 'varchar', length: 50, default: 'run.completed' }) event!: string;
  /** pending, sending, retrying, succeeded or failed. */
  @Column({ type: 'varchar', length: 20, default: 'pending' }) status!: string;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ type: 'timestamptz', nullable: true }) claimed_at!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) delivered_date!: Date | null;
}
