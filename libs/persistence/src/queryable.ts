import { DataSource, EntityManager } from 'typeorm';

/** What a persistence function runs its SQL on: the pool, or the caller's transaction. */
export type Queryable = DataSource | EntityManager;
