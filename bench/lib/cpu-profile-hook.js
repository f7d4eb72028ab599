// Preloaded with `--require` (NODE_OPTIONS refuses --cpu-prof): profiles the whole process with
// the inspector and writes <BENCH_CPU_PROFILE_DIR>/<service>.<pid>.cpuprofile when it exits,
// for Chrome DevTools or bench/lib/profile-summary.js.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  // 200 µs between samples: fine enough for requests of a few milliseconds.
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  const service = basename(dirname(dirname(process.argv[1] ?? 'node')));
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
