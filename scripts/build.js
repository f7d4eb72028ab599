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
