#!/usr/bin/env node
// `npm run bench`: runs every *.bench.js here (or those named on the command line) and writes
// bench/results/<name>.json.
const { readdirSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

async function main() {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.js')).filter((f) => !only.length || only.some((o) => f.startsWith(o)));
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  for (const file of files) {
    const bench = require(join(__dirname, file));
    console.log(`\n== ${bench.name} ==`);
    const results = await bench.main();
    results.machine = { cores: require('node:os').cpus().length, node: process.version, date: new Date().toISOString() };
    writeFileSync(join(__dirname, 'results', `${bench.name}.json`), JSON.stringify(results, null, 2));
    console.log(JSON.stringify(results, null, 2));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
