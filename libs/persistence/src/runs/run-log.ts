import { DataSource } from 'typeorm';
import { BatchWriter } from '../batch-writer';
import { logStamp } from './run-lifecycle';

/**
 * Buffers run-log lines and appends them in one UPDATE per flush. The step runner and the
 * heartbeat both flush: the writes are serialized so lines keep their order, and lines whose
 * write failed (a database blip) stay buffered for the next flush.
 */
export class RunLog {
  private readonly lines: BatchWriter<string>;

  constructor(db: DataSource, runUuid: string) {
    this.lines = new BatchWriter<string>(
      Number.POSITIVE_INFINITY,
      async (batch) => {
        await db.query('UPDATE runs SET log = log || $2 WHERE uuid = $1', [runUuid, batch.join('')]);
      },
      { retainOnFailure: true },
    );
  }

  add(message: string): void {
    // Never rejects: the batch size is unbounded, so adding never writes.
    void this.lines.add(`${logStamp()} ${message}\n`);
  }

  flush(): Promise<void> {
    return this.lines.flush();
  }
}
