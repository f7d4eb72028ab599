import type { Request } from 'express';
import { RequestContext } from '@sca/contracts';

/** The scheme and host the client used: every URL in a response is absolute (DRF). */
export function requestContext(req: Request): RequestContext {
  return { base_url: `${req.protocol}://${req.get('host') ?? 'localhost'}` };
}

export function requestUrl(req: Request): string {
  return `${requestContext(req).base_url}${req.originalUrl}`;
}

/** Query parameters as single strings (the last value wins, as in Django's QueryDict.get). */
export function flatQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query)) {
    const value = Array.isArray(v) ? v[v.length - 1] : v;
    if (typeof value === 'string') out[k] = value;
  }
  return out;
}
