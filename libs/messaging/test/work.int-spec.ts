import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { topologyNames, type AmqpContext, type MessageBus, type RabbitTransport } from '../src';
import { TestBroker, gate, waitFor } from './broker-fixture';

interface Job {
  id: string;
}

/** Per message id: the attempt numbers the handler saw. */
const attempts = new Map<string, number[]>();
const holdEarlyAcked = gate();
const started = new Set<string>();

function record(id: string, ctx: AmqpContext): number {
  const seen = [...(attempts.get(id) ?? []), ctx.attempt];
  attempts.set(id, seen);
  return seen.length;
}

@Controller()
class JobController {
  @EventPattern('job.simple')
  simple(@Payload() job: Job, @Ctx() ctx: AmqpContext): void {
    record(job.id, ctx);
  }

  @EventPattern('job.flaky')
  async flaky(@Payload() job: Job, @Ctx() ctx: AmqpContext): Promise<void> {
    if (record(job.id, ctx) <= 2) throw new Error('transient failure');
  }

  /** Acks as soon as it "durably recorded that it started", then keeps working. */
  @EventPattern('job.long')
  async long(@Payload() job: Job, @Ctx() ctx: AmqpContext): Promise<void> {
    record(job.id, ctx);
    ctx.ack();
    ctx.ack(); // idempotent: a second ack of one delivery tag would make the broker close the channel
    started.add(job.id);
    if (job.id === 'first') await holdEarlyAcked.promise;
  }
}

@Module({ controllers: [JobController] })
class JobModule {}

describe('work queues', () => {
  let broker: TestBroker;
  let bus: MessageBus;
  let transport: RabbitTransport;
  let disconnects = 0;

  beforeAll(async () => {
    broker = await TestBroker.start('work');
    ({ transport } = await broker.startService(JobModule, {
      work: [
        { name: 'job.simple', prefetch: 5 },
        { name: 'job.flaky', prefetch: 5, retryDelaysMs: [50, 100] },
        // prefetch 1: a second message can only arrive once the first is acked
        { name: 'job.long', prefetch: 1 },
      ],
    }));
    // A double ack or any other channel error would show up as a reconnect.
    transport.on('disconnected', () => (disconnects += 1));
    ({ bus } = await broker.bus());
  });

  afterAll(async () => {
    holdEarlyAcked.open();
    await broker.cleanup({ work: ['job.simple', 'job.flaky', 'job.long'] });
  });

  const queueCounts = async (work: string): Promise<number[]> => {
    const q = topologyNames.work(broker.prefix, work);
    return Promise.all([q.main, q.retry, q.dead].map((name) => broker.messageCount(name)));
  };

  it('calls the handler once and acks the message', async () => {
    await bus.sendWork('job.simple', { id: 'a' }, { messageId: 'job-a' });
    await waitFor(() => attempts.has('a'), 'the handler');
    expect(attempts.get('a')).toEqual([1]);
    await waitFor(async () => (await queueCounts('job.simple')).every((n) => n === 0), 'empty queues');
  });

  it('retries a failing handler with growing attempts until it succeeds', async () => {
    await bus.sendWork('job.flaky', { id: 'f' });
    await waitFor(() => attempts.get('f')?.length === 3, 'three attempts');
    expect(attempts.get('f')).toEqual([1, 2, 3]);
  });

  it('lets a long handler ack early, freeing its prefetch slot while it still runs', async () => {
    await bus.sendWork('job.long', { id: 'first' });
    await waitFor(() => started.has('first'), 'the first job to start');
    await bus.sendWork('job.long', { id: 'second' });
    // With prefetch 1 this only happens if the first delivery was acked before its handler returned.
    await waitFor(() => started.has('second'), 'the second job to start while the first is held');
    holdEarlyAcked.open();
  });

  it('leaves nothing unacked, retried or dead, without any channel error', async () => {
    await waitFor(() => attempts.get('second')?.length === 1, 'the second long job');
    // Closing the consumer returns unacked messages to the queue, so empty queues now prove every ack.
    await transport.close();
    for (const work of ['job.simple', 'job.flaky', 'job.long']) expect(await queueCounts(work)).toEqual([0, 0, 0]);
    expect(attempts.get('first')).toEqual([1]);
    expect(disconnects).toBe(1); // the one from close() itself
  });
});
