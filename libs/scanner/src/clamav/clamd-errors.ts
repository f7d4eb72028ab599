import { ClamdAddress, describeClamd } from './clamd-address';

/**
 * clamd could not be reached, or the connection broke before clamd answered: the command may
 * be tried again (clamd restarting, a pod rescheduled). Never taken as an answer about a file.
 */
export class ClamdConnectionError extends Error {
  constructor(readonly address: ClamdAddress, readonly reason: string) {
    super(`${describeClamd(address)}: ${reason}`);
    this.name = 'ClamdConnectionError';
  }
}

/** clamd stayed unreachable through every retry: the scan cannot go on. */
export class ClamdUnavailableError extends Error {
  constructor(readonly address: ClamdAddress, readonly attempts: number, readonly lastReason: string, during: string) {
    super(`${describeClamd(address)} is not answering ${during}: ${lastReason} (${attempts} attempt${attempts === 1 ? '' : 's'})`);
    this.name = 'ClamdUnavailableError';
  }
}
