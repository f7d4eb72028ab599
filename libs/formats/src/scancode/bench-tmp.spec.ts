import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import Parser from 'stream-json/Parser';
import { SectionParser } from './section-parser';
import { readInventory } from './read-inventory';
import { syntheticToolkitScan } from './synthetic-scan.testing';
it('bench', async () => {
  const files = 50_000, entrySize = 2_000;
  for (let r = 0; r < 2; r++) for (const label of ['gen', 'parser', 'section-parser', 'readInventory']) {
    let n = 0; const t = process.hrtime.bigint();
    const sink = new Writable({ objectMode: true, write(_c, _e, cb) { n++; cb(); } });
    if (label === 'gen') await pipeline(syntheticToolkitScan({ files, entrySize }), sink);
    else if (label === 'parser') await pipeline(syntheticToolkitScan({ files, entrySize }), new Parser({ packValues: true, streamValues: false }), sink);
    else if (label === 'section-parser') await pipeline(syntheticToolkitScan({ files, entrySize }), new SectionParser(), sink);
    else for await (const _ of readInventory(syntheticToolkitScan({ files, entrySize }))) n++;
    console.log(label, Number(process.hrtime.bigint() - t) / 1e6, 'ms', n);
  }
}, 600_000);
