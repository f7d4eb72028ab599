import { createHmac, type Hmac } from 'node:crypto';

/** The header a receiver verifies: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>." + body>`. */
export const SIGNATURE_HEADER = 'X-Scanworks-Signature';

/**
 * Signs a body as it is produced: the timestamp goes first, so a receiver can reject old
 * deliveries (replays) before trusting the body, and the HMAC is computed in one pass over
 * chunks that are never held together.
 */
export class BodySigner {
  private readonly hmac: Hmac;

  constructor(secret: string, readonly timestamp = Math.floor(Date.now() / 1000)) {
    this.hmac = createHmac('sha256', secret).update(`${timestamp}.`);
  }

  update(chunk: string | Buffer): void {
    this.hmac.update(chunk);
  }

  header(): string {
    return `t=${this.timestamp},v1=${this.hmac.digest('hex')}`;
  }
}

/** The signature header of a whole body (what a receiver recomputes). */
export function signBody(secret: string, body: string | Buffer, timestamp?: number): string {
  const signer = new BodySigner(secret, timestamp);
  signer.update(body);
  return signer.header();
}
