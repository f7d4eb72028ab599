#!/usr/bin/env node
// Compiles every app and lib into dist/ and rewrites the @sca/* path aliases to relative paths.
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
execFileSync(bin('tsc-alias'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

// Data the engine loads at run time (license rules, key tables, lexer tables) travels with the code.
const { cpSync, existsSync, readdirSync, statSync } = require('node:fs');
function copyDataDirs(dir) {
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    if (!statSync(abs).isDirectory() || name === 'node_modules' || name.startsWith('__')) continue;
    if (name === 'data' || name === 'rules') cpSync(abs, join(root, 'dist', abs.slice(root.length + 1)), { recursive: true, filter: (src) => !src.endsWith('.ts') && !src.endsWith('.py') && !/\/generate-[^/]*$/.test(src) });
    else copyDataDirs(abs);
  }
}
for (const lib of readdirSync(join(root, 'libs'))) {
  const src = join(root, 'libs', lib, 'src');
  if (existsSync(src)) copyDataDirs(src);
}

// The license engine's index, built from the LicenseDB archive in third_party/ (several seconds):
// kept in node_modules/.cache keyed by the archive and the engine sources, copied into dist/.
const { createHash } = require('node:crypto');
const { copyFileSync, mkdirSync, readFileSync } = require('node:fs');
function licenseIndexKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'third_party', 'scancode-licensedb', 'scancode-licensedb.tar.xz')));
  const engine = join(root, 'libs', 'scanner', 'src', 'license');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) hash.update(name).update(readFileSync(abs));
    }
  };
  walk(engine);
  return hash.digest('hex').slice(0, 16);
}
const licenseFiles = ['license-index.bin', 'licenses.json', 'license-texts.json', 'license-references.json', 'license-ignorables.json'];
const cacheDir = join(root, 'node_modules', '.cache', 'scanworks-licensedb', licenseIndexKey());
if (!licenseFiles.every((f) => existsSync(join(cacheDir, f)))) {
  const cli = join(root, 'dist', 'libs', 'scanner', 'src', 'license', 'licensedb', 'build-index-cli.js');
  execFileSync(process.execPath, [cli, join(root, 'third_party', 'scancode-licensedb', 'scancode-licensedb.tar.xz'), cacheDir], { stdio: 'inherit' });
}
mkdirSync(join(root, 'dist', 'licensedb'), { recursive: true });
for (const f of licenseFiles) copyFileSync(join(cacheDir, f), join(root, 'dist', 'licensedb', f));
