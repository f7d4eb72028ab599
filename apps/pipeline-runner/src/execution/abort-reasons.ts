/** Why a run's AbortSignal fired: each ends the attempt differently (see RunExecutor). */

/** A user stopped the run, or it was ended from outside: it ends `stopped` (or stays as ended). */
export class StopRequested extends Error {
  constructor(message = 'Stop task requested') {
    super(message);
    this.name = 'StopRequested';
  }
}

/** The runner is shutting down past its grace period: the run goes back to the queue. */
export class HandBack extends Error {
  constructor() {
    super('Runner shutting down');
    this.name = 'HandBack';
  }
}

/** The lease could not be renewed (taken over, or the database unreachable too long): stop writing. */
export class LeaseLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLost';
  }
}
