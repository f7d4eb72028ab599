// Runs inside a mount namespace whose root filesystem is read-only and whose /tmp is a fresh
// tmpfs (e2e/read-only-root.e2e-spec.ts sets it up), as the Kubernetes manifests run the services
// (readOnlyRootFilesystem, emptyDirs at /tmp and the runner's work directory): starts the five
// services, scans the given archive through the API, downloads the XLSX, prints one JSON line.
const { mkdirSync, openAsBlob } = require('node:fs');
const { basename, join } = require('node:path');
const { startStack } = require('../../scripts/stack');

async function main() {
  const [input, envJson] = process.argv.slice(2);
  const env = { ...JSON.parse(envJson), RUNNER_WORK_DIR: '/tmp/work/runs', TMPDIR: '/tmp', LOCAL_S3_DIR: '/tmp/s3', HOME: '/nonexistent' };
  mkdirSync('/tmp/work', { recursive: true });
  const stack = await startStack({ env, stdio: 'ignore' });
  const api = `http://127.0.0.1:${env.PORT}`;
  try {
    const form = new FormData();
    form.set('name', 'read-only root');
    form.set('pipeline', 'scan_codebase');
    form.set('execute_now', 'true');
    form.set('upload_file', await openAsBlob(input), basename(input));
    const project = await (await fetch(`${api}/api/projects/`, { method: 'POST', body: form })).json();
    let run;
    for (;;) {
      run = await (await fetch(project.runs[0].url)).json();
      if (!['not_started', 'queued', 'running'].includes(run.status)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const detail = await (await fetch(project.url)).json();
    const xlsx = await fetch(`${project.url}results_download/?output_format=xlsx`);
    const bytes = (await xlsx.arrayBuffer()).byteLength;
    console.log(JSON.stringify({ status: run.status, log: run.log, resource_count: detail.resource_count, xlsx: { status: xlsx.status, bytes } }));
  } finally {
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
