/** One Jest config for unit, integration and end-to-end tests (see docs/testing.md). */
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper: { '^@sca/([a-z-]+)$': '<rootDir>/libs/$1/src', '^@sca/contracts/([a-z-]+)$': '<rootDir>/libs/contracts/src/$1' },
  testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts', '<rootDir>/deploy/**/*.spec.ts', '<rootDir>/{apps,libs}/**/*.int-spec.ts', '<rootDir>/e2e/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Parser fixtures include package.json files that are not this workspace's packages.
  modulePathIgnorePatterns: ['<rootDir>/libs/.*/testdata/', '<rootDir>/bench/.data/'],
  // got 14 and its dependencies are ESM-only; Node 20's require(esm) is not available inside Jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(got|keyv|@sindresorhus/is|byte-counter|cacheable-lookup|cacheable-request|get-stream|@sec-ant/readable-stream|is-stream|mimic-response|normalize-url|responselike|lowercase-keys|decompress-response|form-data-encoder|p-cancelable|@keyv)/)',
  ],
  setupFiles: ['reflect-metadata'],
  testTimeout: 60_000,
};
