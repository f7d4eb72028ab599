// Preloaded with `--require` (NODE_OPTIONS refuses --cpu-prof): profiles the whole process with
// the inspector and writes <BENCH_CPU_PROFILE_DIR>/<service>.<pid>.cpuprofile when it exits,
// for Chrome DevTools or bench/lib/profile-summary.js. Worker threads (which load the preload
// too) are terminated without an 'exit' event, so each writes its profile so far every few
// seconds of work instead, as <service>.<pid>.t<thread>.<n>.cpuprofile: summarize them together.
const { Session } = require('node:inspector');
const { isMainThread, threadId } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
// A service's main is dist/apps/<service>/src/main.js; a worker thread has no script of its own.
const service = isMainThread ? basename(dirname(dirname(process.argv[1] ?? 'node'))) : 'worker';
// BENCH_CPU_PROFILE_SERVICES=a,b profiles only those services (a sampling profiler costs CPU even
// in an idle process); worker threads are profiled wherever they run.
const only = process.env.BENCH_CPU_PROFILE_SERVICES?.split(',');
if (dir && (!only || !isMainThread || only.includes(service))) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  // 200 µs between samples: fine enough for requests of a few milliseconds.
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  if (!isMainThread) {
    // piscina's workers block in Atomics.wait between tasks, where no timer fires: the profile
    // so far is written when the worker posts a message (a task's result) and 3 s have passed.
    const { MessagePort } = require('node:worker_threads');
    const post = MessagePort.prototype.postMessage;
    let n = 0;
    let last = Date.now();
    MessagePort.prototype.postMessage = function (...args) {
      if (Date.now() - last >= 3000) {
        last = Date.now();
        session.post('Profiler.stop', (error, result) => {
          if (!error) writeFileSync(join(dir, `${service}.${process.pid}.t${threadId}.${n++}.cpuprofile`), JSON.stringify(result.profile));
          session.post('Profiler.start');
        });
      }
      return post.apply(this, args);
    };
    return;
  }
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-process session answers synchronously, so the file is there before the process goes.
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${service}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on('exit', write);
  // Nest's shutdown hooks end the process by raising the signal again, which skips 'exit'.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    const onSignal = () => {
      write();
      process.off(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
