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

module.exports = { npmTree, PACKAGES };
