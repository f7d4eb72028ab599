import { createHash } from 'node:crypto';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from './api-error';
import { BoundedCache } from './bounded-cache';
import { StoreClient } from './store-client';

const CACHE_MS = 30_000;
/** Keys project-store accepted: only a real key can take a place here. */
const ACCEPTED_CAPACITY = 10_000;
/** Tokens it refused: anyone can make new ones, so they get their own, smaller cache. */
const REFUSED_CAPACITY = 1_000;
const unauthorized = (detail: string) => new ApiError(401, { detail }, { 'WWW-Authenticate': 'Token' });

/**
 * DRF TokenAuthentication semantics (reference §1): a `Token` header is checked even when
 * authentication is not required, so a bad key is always a 401. Verdicts are cached briefly by
 * the token's SHA-256, which spares an RPC per request. Accepted and refused tokens live in
 * separate bounded caches, so a flood of random tokens only ever evicts other refusals.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  private readonly accepted = new BoundedCache<true>(ACCEPTED_CAPACITY, CACHE_MS);
  /** The refusal's `detail`, answered again as it was. */
  private readonly refused = new BoundedCache<string>(REFUSED_CAPACITY, CACHE_MS);

  constructor(private readonly store: StoreClient, private readonly config: GatewayConfig) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    try {
      const key = parseTokenHeader(req.headers.authorization);
      if (key === null) {
        if (this.config.SERVICE_REQUIRE_AUTHENTICATION) throw unauthorized('Authentication credentials were not provided.');
      } else {
        await this.verify(key);
      }
      next();
    } catch (error) {
      next(error);
    }
  }

  private async verify(key: string): Promise<void> {
    const digest = createHash('sha256').update(key).digest('hex');
    if (this.accepted.get(digest)) return;
    const refusal = this.refused.get(digest);
    if (refusal !== undefined) throw unauthorized(refusal);
    try {
      await this.store.call(PROJECT_RPC.authVerify, { key });
      this.accepted.set(digest, true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.refused.set(digest, (error.body as { detail: string }).detail);
      throw error;
    }
  }
}

/** Returns the key, null when there is no `Token` header; throws DRF's header errors. */
export function parseTokenHeader(header: string | undefined): string | null {
  if (!header) return null;
  const parts = header.trim().split(/\s+/);
  if (parts[0].toLowerCase() !== 'token') return null;
  if (parts.length === 1) throw unauthorized('Invalid token header. No credentials provided.');
  if (parts.length > 2) throw unauthorized('Invalid token header. Token string should not contain spaces.');
   
  if (!/^[\x21-\x7e]+$/.test(parts[1])) throw unauthorized('Invalid token header. Token string should not contain invalid characters.');
  return parts[1];
}
