import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import type { Response } from 'express';
import { register } from 'prom-client';

/** A readiness probe: each named check resolves when its dependency answers. */
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
export type HealthChecks = Record<string, () => Promise<void>>;

@Controller()
export class HealthController {
  constructor(@Optional() @Inject(HEALTH_CHECKS) private readonly checks: HealthChecks = {}) {}

  /** Liveness: the process answers. */
  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  /** Readiness: every dependency answers within 2 s. */
  @Get(['health', 'health/ready'])
  async ready(@Res() res: Response): Promise<void> {
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(this.checks ?? {}).map(async ([name, check]) => {
        try {
          await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
          results[name] = 'ok';
        } catch (e) {
          ok = false;
          results[name] = `error: ${(e as Error).message}`;
        }
      }),
    );
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', checks: results });
  }

  @Get('metrics')
  async metrics(@Res() res: Response): Promise<void> {
    res.type(register.contentType).send(await register.metrics());
  }
}
