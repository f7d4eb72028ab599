// Issue 6 benchmark: webhook deliveries per second to a local receiver, and the delay from a
// run's end (its task_end_date) to the first delivery. One project with N each-run subscriptions
// runs a quick load_inventory; every subscription then gets one signed POST.
const http = require('node:http');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { startBenchStack } = require('./lib/bench-stack');
const { waitFor } = require('./lib/wait');

const SUBSCRIPTIONS = Number(process.env.BENCH_WEBHOOKS ?? (process.env.BENCH_QUICK ? 100 : 500));
const INVENTORY = join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json');

function startReceiver() {
  const received = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ at: Date.now(), path: req.url });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, received, base: `http://127.0.0.1:${server.address().port}` })));
}

async function api(base, method, path, body) {
  const res = await fetch(`${base}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}


async function main() {
  const receiver = await startReceiver();
  const stack = await startBenchStack('webhooks', { env: { FETCH_ALLOWED_HOSTS: '127.0.0.1' } });
  try {
    const project = await api(stack.baseUrl, 'POST', '/api/projects/', { name: `webhooks-bench-${Date.now()}` });
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      await api(stack.baseUrl, 'POST', `/api/projects/${project.uuid}/add_webhook/`, { target_url: `${receiver.base}/hook/${i}`, trigger_on_each_run: true });
    }
    const form = new FormData();
    form.set('upload_file', new Blob([readFileSync(INVENTORY)]), 'toolkit-is-npm.json');
    await fetch(`${stack.baseUrl}/api/projects/${project.uuid}/add_input/`, { method: 'POST', body: form });
    await api(stack.baseUrl, 'POST', `/api/projects/${project.uuid}/add_pipeline/`, { pipeline: 'load_inventory', execute_now: true });
    const detail = await waitFor('the run to end', async () => {
      const d = await api(stack.baseUrl, 'GET', `/api/projects/${project.uuid}/`);
      return d.runs[0]?.task_end_date ? d : null;
    });
    await waitFor('every delivery', () => receiver.received.length >= SUBSCRIPTIONS);
    const ended = Date.parse(detail.runs[0].task_end_date);
    const times = receiver.received.map((r) => r.at).sort((a, b) => a - b);
    const spanMs = times.at(-1) - times[0];
    return {
      subscriptions: SUBSCRIPTIONS,
      run_status: detail.runs[0].status,
      delay_run_end_to_first_delivery_ms: times[0] - ended,
      delay_run_end_to_last_delivery_ms: times.at(-1) - ended,
      deliveries_per_second: Math.round((SUBSCRIPTIONS - 1) / (spanMs / 1000)),
      duplicates: receiver.received.length - new Set(receiver.received.map((r) => r.path)).size,
    };
  } finally {
    await stack.stop();
    receiver.server.close();
  }
}

module.exports = { name: 'webhooks', main };
