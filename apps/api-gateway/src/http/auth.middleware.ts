import { createHash } from 'node:crypto';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from './api-error';
import { StoreClient } from './store-client';

const CACHE_MS = 30_000;
const unauthorized = (detail: string) => new ApiError(401, { detail }, { 'WWW-Authenticate': 'Token' });

/**
 * DRF TokenAuthentication semantics (reference §1): a `Token` header is checked even when
 * authentication is not required, so a bad key is always a 401. Verified keys are cached
 * briefly by their SHA-256, because the stored hash is deliberately slow to check.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  private readonly cache = new Map<string, { ok: boolean; detail: string; until: number }>();

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
    const cached = this.cache.get(digest);
    if (cached && cached.until > Date.now()) {
      if (!cached.ok) throw unauthorized(cached.detail);
      return;
    }
    try {
      await this.store.call(PROJECT_RPC.authVerify, { key });
      this.remember(digest, true, '');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.remember(digest, false, (error.body as { detail: string }).detail);
      throw error;
    }
  }

  private remember(digest: string, ok: boolean, detail: string): void {
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(digest, { ok, detail, until: Date.now() + CACHE_MS });
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
