import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { InventoryFormatError, type InventoryItem, type ReadInventoryOptions } from './inventory-item';
import { readInventory } from './read-inventory';

const FIXTURES = join(__dirname, '__fixtures__');
const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
  .sort();

async function readAll(input: Readable, options?: ReadInventoryOptions) {
  const items: InventoryItem[] = [];
  let error: { message: string; position: unknown } | null = null;
  try {
    for await (const item of readInventory(input, options)) items.push(item);
  } catch (caught) {
    if (!(caught instanceof InventoryFormatError)) throw caught;
    error = { message: caught.message, position: caught.position ?? null };
  }
  return { items, error };
}

// A small, odd chunk size puts chunk boundaries inside tokens and multi-byte characters.
const readFixture = (name: string, highWaterMark = 61) => readAll(createReadStream(join(FIXTURES, name), { highWaterMark }));

describe('readInventory golden files', () => {
  it.each(fixtures)('%s', async (name) => {
    const actual = await readFixture(name);
    const expectedPath = join(FIXTURES, name.replace(/\.json$/, '.expected.json'));
    if (UPDATE_GOLDEN) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(expectedPath)) throw new Error(`${expectedPath} is missing; run with UPDATE_GOLDEN=1 to create it`);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});

describe('readInventory', () => {
  it('reads the same items whatever the chunk size', async () => {
    const byByte = await readFixture('toolkit-is-npm.json', 1);
    const whole = await readFixture('toolkit-is-npm.json', 1 << 20);
    expect(byByte).toEqual(whole);
    expect(whole.items.map((item) => item.kind)).toEqual([
      'headers', 'package', 'dependency', 'license_detection', 'license_detection',
      'resource', 'resource', 'resource', 'resource', 'resource', 'resource', 'problem',
    ]);
  });

  it('stops with an InventoryFormatError once more than maxErrors entries are dropped', async () => {
    const { items, error } = await readAll(createReadStream(join(FIXTURES, 'broken-bad-purl.json')), { maxErrors: 1 });
    expect(error?.message).toBe('Reading stopped: more than 1 invalid entries');
    // dropped: the nameless package (1), then the first bad dependency purl (2) stops reading
    expect(items.map((item) => item.kind)).toEqual(['headers', 'problem', 'package', 'problem', 'package']);
  });

  it('yields the headers and stops reading the input when the caller leaves early', async () => {
    const input = Readable.from(
      (function* () {
        yield '{"headers":[{"tool_name":"scanpipe"}],"files":[';
        for (let i = 0; i < 100_000; i++) yield `${i ? ',' : ''}{"path":"f${i}","type":"file"}`;
        yield ']}';
      })(),
    );
    const kinds: string[] = [];
    for await (const item of readInventory(input)) {
      kinds.push(item.kind);
      if (kinds.length === 3) break;
    }
    expect(kinds).toEqual(['headers', 'resource', 'resource']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(input.destroyed).toBe(true);
  });

  it('passes input errors through unchanged', async () => {
    const input = new Readable({
      read() {
        this.push('{"headers":[{"tool_name":"scanpipe"}],');
        this.destroy(new Error('disk on fire'));
      },
    });
    await expect(readAll(input)).rejects.toThrow('disk on fire');
  });

  it('rejects a document that is not an object', async () => {
    const { error } = await readAll(Readable.from(['[{"headers": []}]']));
    expect(error?.message).toBe('Input not supported: the JSON document is not an object');
  });
});
