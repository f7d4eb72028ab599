import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 150, unique: true }) username!: string;
  @Column({ type: 'boolean', default: true }) is_active!: boolean;
  @Column({ type: 'boolean', default: false }) is_staff!: boolean;
  @Column({ type: 'boolean', default: false }) is_superuser!: boolean;
  @Column({ type: 'timestamptz', default: () => 'now()' }) created_date!: Date;
}
