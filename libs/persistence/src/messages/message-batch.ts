import { BatchWriter } from '../batch-writer';
import type { MessageInput } from './message-input';

const MESSAGE_BATCH = 500;

/**
 * Project messages of a step, written in batches: a tree of unreadable or broken files must not
 * cost one database round trip per message. Call `flush` when the step ends.
 */
export class MessageBatch {
  private readonly writer: BatchWriter<MessageInput>;

  constructor(write: (messages: MessageInput[]) => Promise<void>) {
    this.writer = new BatchWriter(MESSAGE_BATCH, write);
  }

  add(message: MessageInput): Promise<void> {
    return this.writer.add(message);
  }

  /** The `scan_errors` of a scan as ScanCode.io's messages about the resource. */
  async scanErrors(model: string, path: string, errors: readonly string[]): Promise<void> {
    for (const description of errors) await this.add({ severity: 'error', description, model, details: { resource_path: path } });
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}
