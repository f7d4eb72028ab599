import { RunSlots } from './run-slots';

describe('RunSlots', () => {
  it('lets `size` runs in at once and the next one in when a slot is released, in arrival order', async () => {
    const slots = new RunSlots(2);
    const started: string[] = [];
    const enter = (name: string) => slots.acquire().then(() => void started.push(name));
    await enter('a');
    await enter('b');
    const c = enter('c');
    const d = enter('d');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b']);
    expect(slots.running).toBe(2);
    slots.release();
    await c;
    expect(started).toEqual(['a', 'b', 'c']);
    slots.release();
    await d;
    slots.release();
    slots.release();
    expect(slots.running).toBe(0);
  });
});
