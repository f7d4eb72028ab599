import { ATTEMPTS_HEADER, ERROR_HEADER, manageDeadLetters, retryableQueues, topologyNames } from '../src';
import { TestBroker } from './broker-fixture';

/** The operator's dead-letter command: list, then replay one message or a whole queue. */
describe('dead letters for an operator', () => {
  let broker: TestBroker;
  let queues: ReturnType<typeof topologyNames.work>;

  beforeAll(async () => {
    broker = await TestBroker.start('replay');
    queues = topologyNames.work(broker.prefix, 'import.run');
    const { bus } = await broker.bus();
    // Declares the work queue with its retry and dead queues, as a publisher does.
    await bus.sendWork('import.run', { id: 'declare' });
    await broker.takeMessage(queues.main);
    for (const id of ['m1', 'm2', 'm3']) {
      await broker.publishRaw('', queues.dead, Buffer.from(JSON.stringify({ id })), {
        type: 'import.run', messageId: id, persistent: true, timestamp: 1_700_000_000,
        headers: { [ERROR_HEADER]: `failed ${id}`, [ATTEMPTS_HEADER]: 3 },
      });
    }
  });

  afterAll(() => broker.cleanup({ work: ['import.run'] }));

  const known = () => retryableQueues(broker.prefix, ['import.run', 'never.used'], ['some-service']);

  it('lists every dead letter with its error and attempts, and leaves them in place', async () => {
    const found = await manageDeadLetters(broker.url, known());
    expect(found.map((d) => [d.queue, d.type, d.messageId, d.attempts, d.error, d.payload, d.deadSince, d.replayed])).toEqual(
      ['m1', 'm2', 'm3'].map((id) => [queues.dead, 'import.run', id, 3, `failed ${id}`, JSON.stringify({ id }), '2023-11-14T22:13:20.000Z', false]),
    );
    expect(await broker.messageCount(queues.dead)).toBe(3);
  });

  it('replays the chosen message to its queue with a fresh attempt count and no error; the others stay dead', async () => {
    const found = await manageDeadLetters(broker.url, known(), (d) => d.messageId === 'm2');
    expect(found.filter((d) => d.replayed).map((d) => d.messageId)).toEqual(['m2']);
    const replayed = await broker.takeMessage(queues.main);
    expect(replayed.properties.messageId).toBe('m2');
    expect(replayed.properties.headers?.[ATTEMPTS_HEADER]).toBe(1);
    expect(replayed.properties.headers?.[ERROR_HEADER]).toBeUndefined();
    expect(await broker.messageCount(queues.dead)).toBe(2);
    await manageDeadLetters(broker.url, known(), () => true);
    expect(await broker.messageCount(queues.dead)).toBe(0);
  });
});
