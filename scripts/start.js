#!/usr/bin/env node
// `npm start`: the whole stack on one machine, API on port 8001.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { startStack } = require('./stack');

// Operators may keep settings in .env (see .env.example); the environment wins over the file.
const envFile = join(__dirname, '..', '.env');
if (existsSync(envFile)) {
  const before = { ...process.env };
  process.loadEnvFile(envFile);
  Object.assign(process.env, before);
}

startStack()
  .then((stack) => {
    console.log(`\nAll services are up. API: http://127.0.0.1:${stack.env.PORT || 8001}/api/  (Ctrl-C stops everything)\n`);
    const shutdown = async () => {
      await stack.stop();
      process.exit(0);
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    for (const [name, child] of stack.children) {
      child.on('exit', (code, signal) => {
        console.error(`${name} exited (${code ?? signal}); stopping the stack`);
        void shutdown();
      });
    }
  })
  .catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
