#!/usr/bin/env node
// Replaces third_party/scancode-licensedb/scancode-licensedb.tar.xz with a newer LicenseDB archive
// (the licenses/ and rules/ folders of scancode-toolkit's src/licensedcode/data, tar.xz), after
// checking that the engine can read it, then rebuilds the license index.
//   node scripts/refresh-licensedb.js <scancode-licensedb.tar.xz>
const { copyFileSync, readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { join, resolve } = require('node:path');
const { tmpdir } = require('node:os');

const root = join(__dirname, '..');
const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/refresh-licensedb.js <scancode-licensedb.tar.xz>');
  process.exit(2);
}
const cli = join(root, 'dist', 'libs', 'scanner', 'src', 'license', 'licensedb', 'build-index-cli.js');
// Building an index from the new archive is the check: it fails on an unreadable archive or rule.
execFileSync(process.execPath, [cli, resolve(source), join(tmpdir(), 'licensedb-refresh-check')], { stdio: 'inherit' });
const target = join(root, 'third_party', 'scancode-licensedb', 'scancode-licensedb.tar.xz');
copyFileSync(resolve(source), target);
const sha = createHash('sha256').update(readFileSync(target)).digest('hex');
console.log(`replaced ${target}\nSHA-256 ${sha}: update third_party/scancode-licensedb/README.md (commit, counts, checksum), then npm run build`);
