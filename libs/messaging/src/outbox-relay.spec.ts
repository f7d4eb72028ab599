import type { MessageBus } from './message-bus';
import { OutboxRelay, type OutboxEntry, type OutboxSource } from './outbox-relay';

const silent = { log: () => undefined, error: () => undefined, warn: () => undefined };

/** An outbox in memory: entries leave it only when `publish` resolved for them. */
class MemoryOutbox implements OutboxSource {
  entries: OutboxEntry[] = [];
  async drain(limit: number, publish: (e: OutboxEntry) => Promise<void>): Promise<number> {
    let n = 0;
    for (const e of this.entries.slice(0, limit)) {
      await publish(e);
      this.entries.shift();
      n++;
    }
    return n;
  }
}

const entry = (i: number): OutboxEntry => ({ kind: i % 2 ? 'work' : 'event', name: i % 2 ? 'run.execute' : 'run.completed', messageId: `m${i}`, payload: { i } });

describe('OutboxRelay', () => {
  it('publishes every entry, in order, work to its queue and events to the exchange, with their message ids', async () => {
    const outbox = new MemoryOutbox();
    outbox.entries = Array.from({ length: 250 }, (_, i) => entry(i));
    const sent: string[] = [];
    const bus = {
      sendWork: async (name: string, _p: object, o: { messageId: string }) => void sent.push(`work ${name} ${o.messageId}`),
      publishEvent: async (name: string, _p: object, o: { messageId: string }) => void sent.push(`event ${name} ${o.messageId}`),
    } as unknown as MessageBus;
    const relay = new OutboxRelay(outbox, bus, silent, 60_000);
    relay.start();
    while (outbox.entries.length > 0) await new Promise((r) => setTimeout(r, 5));
    await relay.stop();
    expect(sent).toHaveLength(250);
    expect(sent[0]).toBe('event run.completed m0');
    expect(sent[1]).toBe('work run.execute m1');
    expect(sent[249]).toBe('work run.execute m249');
  });

  it('keeps what the broker did not confirm and publishes it once the broker is back, without waiting for the poll', async () => {
    const outbox = new MemoryOutbox();
    outbox.entries = [entry(1), entry(3)];
    let brokerUp = false;
    const sent: string[] = [];
    const publish = async (_n: string, _p: object, o: { messageId: string }) => {
      if (!brokerUp) throw new Error('channel closed');
      sent.push(o.messageId);
    };
    const relay = new OutboxRelay(outbox, { sendWork: publish, publishEvent: publish } as unknown as MessageBus, silent, 60_000);
    relay.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    expect(outbox.entries).toHaveLength(2);
    brokerUp = true;
    const deadline = Date.now() + 15_000;
    while (outbox.entries.length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await relay.stop();
    expect(sent).toEqual(['m1', 'm3']);
  });
});
