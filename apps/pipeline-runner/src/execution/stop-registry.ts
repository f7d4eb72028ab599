import { Injectable } from '@nestjs/common';

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
    controller?.abort(new Error('Stop task requested'));
    return controller !== undefined;
  }

  runningCount(): number {
    return this.controllers.size;
  }
}
