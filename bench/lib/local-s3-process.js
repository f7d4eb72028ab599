// The benchmarks' local S3 server (s3rver) in a process of its own, as `npm start` runs it in its
// supervisor: in the benchmark's own process it would share one thread with the client uploading
// to the service and with the polling, which is not how a user's upload meets the service.
const { fork } = require('node:child_process');

if (require.main === module) {
  // The child: start the server, report its endpoint, stop on 'close'.
  const { startLocalS3 } = require('../../dist/libs/storage/src/local-s3');
  const opts = JSON.parse(process.argv[2]);
  startLocalS3(opts).then(
    (s3) => {
      process.on('message', async (m) => {
        if (m === 'close') {
          await s3.close();
          process.exit(0);
        }
      });
      process.send({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey });
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  /** startLocalS3's options and answer, the server running in a child process. */
  module.exports.startLocalS3Process = (opts) =>
    new Promise((resolve, reject) => {
      const child = fork(__filename, [JSON.stringify(opts)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      child.once('exit', (code) => reject(new Error(`local S3 server exited with code ${code}`)));
      child.once('message', (s3) => {
        child.removeAllListeners('exit');
        resolve({
          ...s3,
          pid: child.pid,
          close: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.send('close');
            }),
        });
      });
    });
}
