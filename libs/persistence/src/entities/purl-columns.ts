import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { str } from './column-types';

/** Identity and package URL columns shared by discovered packages and dependencies. */
export abstract class PurlColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid') uuid!: string;
  @Column('uuid') project_uuid!: string;
  @Column(str(2048)) purl!: string;
  @Column(str(16)) type!: string;
  @Column(str(255)) namespace!: string;
  @Column(str(100)) name!: string;
  @Column(str(100)) version!: string;
  @Column(str(1024)) qualifiers!: string;
  @Column(str(200)) subpath!: string;
}
