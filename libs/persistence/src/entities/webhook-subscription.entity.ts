import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhook_subscriptions')
export class WebhookSubscriptionEntity {
  @PrimaryColumn('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column({ type: 'varchar', length: 1024 }) target_url!: string;
  @Column({ type: 'boolean', default: false }) trigger_on_each_run!: boolean;
  @Column({ type: 'boolean', default: false }) include_summary!: boolean;
  @Column({ type: 'boolean', default: false }) include_results!: boolean;
  @Column({ type: 'boolean', default: true }) is_active!: boolean;
  @Column({ type: 'varchar', length: 200, nullable: true }) secret!: string | null;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) created_date!: Date;
}
