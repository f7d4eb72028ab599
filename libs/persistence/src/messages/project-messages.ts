import { randomUUID } from 'node:crypto';
import { bulkInsert } from '../bulk-insert';
import type { RecordScope } from '../records/record-scope';
import { MessageBatch } from './message-batch';
import type { MessageInput } from './message-input';

type Details = Record<string, unknown>;

const MESSAGE_COLUMNS = ['uuid', 'project_uuid', 'severity', 'description', 'model', 'details', 'traceback', 'run_uuid'] as const;
/** The `model` column's width. */
const MODEL_LENGTH = 100;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The project's messages (ScanCode.io's ProjectMessage): problems that do not stop a run are
 * recorded here, and the run goes on.
 */
export class ProjectMessages {
  constructor(private readonly scope: RecordScope) {}

  error(model: string, description: string, details?: Details): Promise<void> {
    return this.add({ severity: 'error', description, model, details });
  }

  warning(model: string, description: string, details?: Details): Promise<void> {
    return this.add({ severity: 'warning', description, model, details });
  }

  info(model: string, description: string, details?: Details): Promise<void> {
    return this.add({ severity: 'info', description, model, details });
  }

  add(message: MessageInput): Promise<void> {
    return this.addMany([message]);
  }

  async addMany(messages: MessageInput[]): Promise<void> {
    const rows = messages.map((m) => ({
      uuid: randomUUID(),
      project_uuid: this.scope.projectUuid,
      severity: m.severity,
      description: m.description,
      model: m.model.slice(0, MODEL_LENGTH),
      details: m.details ?? {},
      traceback: m.traceback ?? '',
      run_uuid: this.scope.runUuid,
    }));
    await bulkInsert(this.scope.db, 'project_messages', MESSAGE_COLUMNS, rows);
  }

  /**
   * ScanCode.io's `save_errors`: runs the work of one item (a resource, a document); an error
   * it throws becomes an error message about `details`, described by `describe` (the error's
   * message by default), and the caller goes on with the next item. Undefined when it failed.
   * No traceback is kept: these are problems of the input, which the description names.
   */
  async saveErrors<T>(model: string, details: Details, work: () => Promise<T> | T, describe: (error: unknown) => string = errorText): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      await this.error(model, describe(error), details);
      return undefined;
    }
  }

  /** Messages written in batches, for a step that may report one per file. */
  batch(): MessageBatch {
    return new MessageBatch((messages) => this.addMany(messages));
  }
}
