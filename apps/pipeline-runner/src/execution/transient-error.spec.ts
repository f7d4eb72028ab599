import { isTransientError } from './transient-error';

describe('isTransientError', () => {
  it('recognises a dependency going away: PostgreSQL shutdown and connection codes, socket errors, S3 unavailability', () => {
    for (const e of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('x'), { code: '08006' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('S3 busy'), { code: 'SlowDown' }),
      // TypeORM wraps the driver's error.
      Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '57P01' }) }),
      new Error('upload failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
    ]) expect([e.message, isTransientError(e)]).toEqual([e.message, true]);
  });

  it('leaves the run\'s own errors alone: bad input, constraint violations, bugs', () => {
    for (const e of [
      new Error('Step [scan_for_files] did not complete: every resource has a status, but 3 resource(s) have none'),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new TypeError('Cannot read properties of undefined'),
      'a string',
      null,
    ]) expect(isTransientError(e)).toBe(false);
  });
});
