// Lets a benchmark reuse a TypeScript test helper of e2e/support: `.ts` files are compiled with
// swc when required, with the options Jest uses (.swcrc). Relative imports only: the @sca/*
// aliases are not mapped here (benchmarks take the libraries from dist/).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

let registered = false;

function registerTypeScript() {
  if (registered) return;
  registered = true;
  const swc = require('@swc/core');
  const options = JSON.parse(readFileSync(join(__dirname, '..', '..', '.swcrc'), 'utf8'));
  delete options.$schema;
  require.extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(readFileSync(filename, 'utf8'), { ...options, swcrc: false, filename });
    module._compile(code, filename);
  };
}

/** `require` of a .ts module. */
function requireTs(path) {
  registerTypeScript();
  return require(path);
}

module.exports = { requireTs };
