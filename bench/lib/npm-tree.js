// Assembles a real source tree from the npm registry: a fixed list of popular packages
// installed (with their dependencies) into bench/.data/npm-tree, reused across runs.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const PACKAGES = [
  'express', 'lodash', 'moment', 'axios', 'chalk', 'commander', 'debug', 'uuid', 'yargs', 'request',
  'webpack', 'eslint', 'mocha', 'async', 'bluebird', 'underscore', 'react', 'react-dom', 'vue', 'jquery',
  'semver', 'minimist', 'glob', 'mkdirp', 'rimraf', 'body-parser', 'cookie-parser', 'cors', 'dotenv',
  'jsonwebtoken', 'bcryptjs', 'mongoose', 'pg', 'mysql', 'socket.io', 'ws', 'nodemailer', 'handlebars',
  'pug', 'ejs', 'marked', 'cheerio', 'sharp', 'yaml', 'js-yaml', 'xml2js',
  'luxon', 'immutable', 'classnames', 'prop-types', 'redux', 'mobx', 'inquirer',
  'ora', 'boxen', 'colors', 'winston', 'pino', 'morgan', 'helmet', 'compression', 'multer',
];

function npmTree(dataDir) {
  const dir = join(dataDir, 'npm-tree');
  if (existsSync(join(dir, 'node_modules'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-tree', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', ...PACKAGES], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** The same packages installed with a lockfile (package-lock.json) into <dataDir>/npm-lock-tree, reused across runs. */
function npmLockTree(dataDir) {
  const dir = join(dataDir, 'npm-lock-tree');
  if (existsSync(join(dir, 'package-lock.json')) && existsSync(join(dir, 'node_modules'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-lock-tree', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...PACKAGES], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** <dataDir>/<name>.zip of the tree <dataDir>/<name>, as a user uploads a checkout (made once, with Debian's zip). */
function treeZip(dataDir, name) {
  const zip = join(dataDir, `${name}.zip`);
  if (!existsSync(zip)) execFileSync('zip', ['-qry', zip, name], { cwd: dataDir });
  return zip;
}

module.exports = { npmTree, npmLockTree, treeZip, PACKAGES };
