import { ColumnOptions } from 'typeorm';

/** Column option shorthands for the wide scan-record tables; they mirror the migration. */
export const str = (length?: number): ColumnOptions =>
  length ? { type: 'varchar', length, default: '' } : { type: 'text', default: '' };
export const bool = (): ColumnOptions => ({ type: 'boolean', default: false });
export const jsonList = (): ColumnOptions => ({ type: 'jsonb', default: [] });
export const jsonObject = (): ColumnOptions => ({ type: 'jsonb', default: {} });
export const bigintNullable = (): ColumnOptions => ({ type: 'bigint', nullable: true });
