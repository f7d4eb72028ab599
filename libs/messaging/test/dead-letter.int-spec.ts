import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { ATTEMPTS_HEADER, ERROR_HEADER, PermanentError, RetryLaterError, topologyNames, type AmqpContext, type MessageBus } from '../src';
import { TestBroker, waitFor } from './broker-fixture';

const calls = new Map<string, number>();
const count = (id: string): number => {
  calls.set(id, (calls.get(id) ?? 0) + 1);
  return calls.get(id) ?? 0;
};

@Controller()
class ImportController {
  @EventPattern('import.run')
  run(@Payload() p: { id: string; mode: string }, @Ctx() ctx: AmqpContext): void {
    count(p.id);
    if (p.mode === 'permanent') throw new PermanentError('archive is corrupt');
    if (p.mode === 'later') throw new RetryLaterError(`busy (attempt ${ctx.attempt})`, 300);
    if (p.mode === 'always') throw new Error(`storage unreachable (attempt ${ctx.attempt})`);
    if (p.mode === 'acked-then-fails') {
      ctx.ack();
      throw new Error('failed after taking ownership');
    }
  }
}

@Module({ controllers: [ImportController] })
class ImportModule {}

@Controller()
class PlainController {
  @EventPattern('import.plain')
  run(@Payload() p: { mode: string }): void {
    throw p.mode === 'permanent' ? new PermanentError('refused for good') : new Error('real reason');
  }
}

/** Runs behind Nest's default exception filter, which hides every error that is not an RpcException. */
@Module({ controllers: [PlainController] })
class PlainModule {}

describe('dead-lettering', () => {
  let broker: TestBroker;
  let bus: MessageBus;
  let queues: ReturnType<typeof topologyNames.work>;

  beforeAll(async () => {
    broker = await TestBroker.start('dead');
    queues = topologyNames.work(broker.prefix, 'import.run');
    await broker.startService(ImportModule, { work: [{ name: 'import.run', prefetch: 10, retryDelaysMs: [20, 40] }] });
    const plainWork = { name: 'import.plain', prefetch: 10, retryDelaysMs: [20] };
    await broker.startService(PlainModule, { work: [plainWork] }, { passErrorsThrough: false });
    ({ bus } = await broker.bus());
  });

  afterAll(() => broker.cleanup({ work: ['import.run', 'import.plain'] }));

  const takeDead = async (queue = queues.dead) => {
    const msg = await broker.takeMessage(queue);
    return { headers: msg.properties.headers ?? {}, body: msg.content.toString(), type: msg.properties.type as unknown };
  };

  it('dead-letters a PermanentError at once, with the error and attempt in headers', async () => {
    await bus.sendWork('import.run', { id: 'p', mode: 'permanent' });
    const dead = await takeDead();
    expect(dead.headers).toMatchObject({ [ERROR_HEADER]: 'archive is corrupt', [ATTEMPTS_HEADER]: 1 });
    expect(JSON.parse(dead.body)).toEqual({ id: 'p', mode: 'permanent' });
    expect(calls.get('p')).toBe(1);
  });

  it('dead-letters after the last retry, keeping the last error', async () => {
    await bus.sendWork('import.run', { id: 'a', mode: 'always' });
    const dead = await takeDead();
    expect(dead.headers).toMatchObject({ [ERROR_HEADER]: 'storage unreachable (attempt 3)', [ATTEMPTS_HEADER]: 3 });
    expect(dead.headers['x-death']).toBeUndefined();
    expect(calls.get('a')).toBe(3);
  });

  it('retries a RetryLaterError after its own delay, and still dead-letters after the last attempt', async () => {
    const started = Date.now();
    await bus.sendWork('import.run', { id: 'l', mode: 'later' });
    const dead = await takeDead();
    expect(dead.headers).toMatchObject({ [ERROR_HEADER]: 'busy (attempt 3)', [ATTEMPTS_HEADER]: 3 });
    expect(calls.get('l')).toBe(3);
    // Two waits of 300 ms instead of the queue's 20 and 40 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('does not retry a handler that acked early and then failed', async () => {
    await bus.sendWork('import.run', { id: 'e', mode: 'acked-then-fails' });
    expect((await takeDead()).headers).toMatchObject({ [ERROR_HEADER]: 'failed after taking ownership' });
    expect(calls.get('e')).toBe(1);
  });

  it('dead-letters a body that is not JSON', async () => {
    await broker.publishRaw('', queues.main, Buffer.from('{not json'), { type: 'import.run', persistent: true });
    const dead = await takeDead();
    expect(dead.body).toBe('{not json');
    expect(String(dead.headers[ERROR_HEADER])).toMatch(/^malformed JSON body/);
  });

  it('dead-letters a type nobody handles instead of requeueing it forever', async () => {
    await broker.publishRaw('', queues.main, Buffer.from('{}'), { type: 'import.unknown' });
    const dead = await takeDead();
    expect(dead.headers).toMatchObject({ [ERROR_HEADER]: 'no handler for import.unknown', [ATTEMPTS_HEADER]: 1 });
    expect(dead.type).toBe('import.unknown');
  });

  it('recognises PermanentError behind Nest\'s default filter; other errors arrive as its generic text', async () => {
    const plainDead = topologyNames.work(broker.prefix, 'import.plain').dead;
    await bus.sendWork('import.plain', { mode: 'permanent' });
    expect((await takeDead(plainDead)).headers).toMatchObject({ [ERROR_HEADER]: 'refused for good', [ATTEMPTS_HEADER]: 1 });
    await bus.sendWork('import.plain', { mode: 'transient' });
    expect((await takeDead(plainDead)).headers).toMatchObject({ [ERROR_HEADER]: 'Internal server error', [ATTEMPTS_HEADER]: 2 });
  });

  it('leaves the work and retry queues empty', async () => {
    await waitFor(async () => (await broker.messageCount(queues.main)) + (await broker.messageCount(queues.retry)) === 0, 'empty queues');
    expect(await broker.messageCount(queues.dead)).toBe(0);
  });
});
