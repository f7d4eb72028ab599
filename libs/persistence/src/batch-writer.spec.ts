import { BatchWriter } from './batch-writer';

/** A promise resolved from outside, to hold a write open while producers keep adding. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('BatchWriter', () => {
  it('keeps what is added while a batch is being written (the scan_for_files loss)', async () => {
    const written: number[][] = [];
    const hold = gate();
    const writer = new BatchWriter<number>(3, async (batch) => {
      if (written.length === 0) await hold.promise;
      written.push(batch);
    });
    const first = [writer.add(1), writer.add(2), writer.add(3)];
    // The first batch is being written and held open; these arrive meanwhile.
    const during = [writer.add(4), writer.add(5)];
    await tick();
    hold.open();
    await Promise.all([...first, ...during]);
    await writer.flush();
    expect(written).toEqual([[1, 2, 3], [4, 5]]);
    expect({ added: writer.added, written: writer.written, buffered: writer.buffered }).toEqual({ added: 5, written: 5, buffered: 0 });
  });

  it('writes one batch at a time, in the order the batches were cut, under many concurrent producers', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const written: number[] = [];
    const writer = new BatchWriter<number>(7, async (batch) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, batch.length % 3));
      written.push(...batch);
      inFlight--;
    });
    await Promise.all(Array.from({ length: 1000 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i % 5));
      await writer.add(i);
    }));
    await writer.flush();
    expect(maxInFlight).toBe(1);
    expect(written).toHaveLength(1000);
    expect(new Set(written).size).toBe(1000);
    expect(writer.written).toBe(1000);
  });

  it('counts the rows a write reports, so a step can see what did not land', async () => {
    const writer = new BatchWriter<string>(2, async (batch) => batch.filter((x) => x !== 'gone').length);
    for (const x of ['a', 'gone', 'b', 'c']) await writer.add(x);
    await writer.flush();
    expect({ added: writer.added, written: writer.written }).toEqual({ added: 4, written: 3 });
  });

  it('fails every later add and flush once a write failed', async () => {
    const writer = new BatchWriter<number>(2, async (batch) => {
      if (batch.includes(3)) throw new Error('connection lost');
    });
    await writer.add(1);
    await writer.add(2);
    await writer.add(3);
    await expect(writer.add(4)).rejects.toThrow('connection lost');
    await expect(writer.add(5)).rejects.toThrow('connection lost');
    await expect(writer.flush()).rejects.toThrow('connection lost');
    expect(writer.written).toBe(2);
  });

  it('with retainOnFailure, writes a failed batch again at the next flush, before what came after it', async () => {
    const written: string[] = [];
    let fail = true;
    const writer = new BatchWriter<string>(Number.POSITIVE_INFINITY, async (batch) => {
      if (fail) throw new Error('database restarting');
      written.push(...batch);
    }, { retainOnFailure: true });
    await writer.add('a');
    await writer.add('b');
    await expect(writer.flush()).rejects.toThrow('database restarting');
    await writer.add('c');
    fail = false;
    await writer.flush();
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('does not call write for an empty flush', async () => {
    const write = jest.fn(async () => undefined);
    const writer = new BatchWriter<number>(10, write);
    await writer.flush();
    await writer.flush();
    expect(write).not.toHaveBeenCalled();
  });
});
