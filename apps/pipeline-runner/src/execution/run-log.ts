import { DataSource } from 'typeorm';

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC, ScanCode.io's run-log timestamp. */
export function logStamp(date = new Date()): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}

/** Buffers run-log lines and appends them in one UPDATE per flush. */
export class RunLog {
  private pending: string[] = [];

  constructor(private readonly db: DataSource, private readonly runUuid: string) {}

  add(message: string): void {
    this.pending.push(`${logStamp()} ${message}\n`);
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    await this.db.query('UPDATE runs SET log = log || $2 WHERE uuid = $1', [this.runUuid, text]);
  }
}
