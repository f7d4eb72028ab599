import { Injectable } from '@nestjs/common';
import { StopRequested } from './abort-reasons';

/** The abort controllers of the runs this process executes, by run uuid. */
@Injectable()
export class StopRegistry {
  private readonly controllers = new Map<string, AbortController>();

  register(runUuid: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(runUuid, controller);
    return controller;
  }

  unregister(runUuid: string): void {
    this.controllers.delete(runUuid);
  }

  /** Returns true when this process was executing the run. */
  stop(runUuid: string): boolean {
    const controller = this.controllers.get(runUuid);
    controller?.abort(new StopRequested());
    return controller !== undefined;
  }

  /** Aborts every run of this process with `reason` (the shutdown's hand-back). */
  abortAll(reason: Error): void {
    for (const controller of this.controllers.values()) controller.abort(reason);
  }

  runningCount(): number {
    return this.controllers.size;
  }
}
