import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';

/**
 * A client of a DataSource's pool, checked out for work TypeORM's query() cannot do (a cursor, a
 * COPY). A client that loses its connection meanwhile emits 'error', which without a listener
 * would end the process: the error is kept in `broken` (the pending operation fails on its own),
 * and `release` then destroys the client instead of returning it to the pool.
 */
export class HeldClient {
  broken: Error | null = null;
  private readonly onError = (e: Error): void => {
    this.broken = e;
  };

  private constructor(readonly client: PoolClient) {
    client.on('error', this.onError);
  }

  static async checkOut(ds: DataSource): Promise<HeldClient> {
    const driver = ds.driver as unknown as { master: { connect(): Promise<PoolClient> } };
    return new HeldClient(await driver.master.connect());
  }

  release(): void {
    this.client.off('error', this.onError);
    this.client.release(this.broken ?? undefined);
  }
}
