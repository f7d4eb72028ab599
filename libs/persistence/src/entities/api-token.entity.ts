import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One hashed API key per user; the plain key is shown once at generation and never stored. */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', unique: true }) user_id!: number;
  @Column({ type: 'varchar', length: 8, unique: true }) prefix!: string;
  @Column({ type: 'varchar', length: 200 }) key_hash!: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) created!: Date;
}
