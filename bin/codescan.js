#!/usr/bin/env node
// `npx codescan <path> --json out.json`: builds the workspace on first use, then runs the CLI.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'dist', 'libs', 'scanner', 'src', 'cli', 'codescan.js');
if (!existsSync(cli)) {
  process.stderr.write('codescan: building the workspace once (npm run build)...\n');
  require('node:child_process').execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'build.js')], { stdio: 'inherit' });
}
require(cli)
  .main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    process.stderr.write(`codescan: ${error.message}\n`);
    process.exit(1);
  });
