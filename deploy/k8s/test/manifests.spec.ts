import { loadConfig } from '@sca/config';
import { GatewayConfig } from '../../../apps/api-gateway/src/config/gateway.config';
import { RunnerConfig } from '../../../apps/pipeline-runner/src/config/runner.config';
import { ProjectStoreConfig } from '../../../apps/project-store/src/config/project-store.config';
import { ReportingConfig } from '../../../apps/reporting/src/config/reporting.config';
import { WebhookDispatcherConfig } from '../../../apps/webhook-dispatcher/src/config/webhook-dispatcher.config';
import { canConnect, Endpoint, NetworkPolicy } from './network-reachability';
import { schemaProblems } from './schema-validation';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { OVERLAYS, renderOverlay, find, envValue, serviceConfig, autoscalingParameters } = require('./manifests.js');

/* eslint-disable @typescript-eslint/no-explicit-any */
type K8sObject = any;

const SERVICES = ['api-gateway', 'project-store', 'pipeline-runner', 'reporting', 'webhook-dispatcher'];
const PORTS: Record<string, number> = { 'api-gateway': 8001, 'project-store': 8011, 'pipeline-runner': 8021, reporting: 8031, 'webhook-dispatcher': 8041 };
const CONFIGS: Record<string, new () => object> = { 'api-gateway': GatewayConfig, 'project-store': ProjectStoreConfig, 'pipeline-runner': RunnerConfig, reporting: ReportingConfig, 'webhook-dispatcher': WebhookDispatcherConfig };
/** The largest runner peak measured (scan_codebase, 18,347 resources; issue notes, docs/architecture.md). */
const RUNNER_PEAK_MIB_PER_RUN = 1393;
/** Who uses what: the services' code (main.ts of each) opens these connections. */
const CLIENTS = {
  postgresql: ['project-store', 'pipeline-runner', 'reporting', 'webhook-dispatcher', 'migrate'],
  rabbitmq: ['project-store', 'pipeline-runner', 'api-gateway', 'webhook-dispatcher'],
  s3: ['project-store', 'pipeline-runner', 'api-gateway', 'reporting', 'webhook-dispatcher'],
  clamd: ['pipeline-runner'],
};

function workloads(objects: K8sObject[]): K8sObject[] {
  return objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
}

function podSpec(workload: K8sObject): K8sObject {
  return workload.spec.template.spec;
}

function allContainers(workload: K8sObject): K8sObject[] {
  return [...(podSpec(workload).initContainers ?? []), ...podSpec(workload).containers];
}

function mebibytes(quantity: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi)?$/.exec(quantity);
  if (!m) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(m[1]) * ({ Ki: 1 / 1024, Mi: 1, Gi: 1024 }[m[2] as 'Ki' | 'Mi' | 'Gi'] ?? 1 / 1024 ** 2);
}

/**
 * kustomize v5 wraps long base64 Secret values over lines; the API server's decoder skips line
 * breaks (Go's base64 does), the schema's "byte" format does not: unwrap them before validating.
 */
function withUnwrappedSecretData(o: K8sObject): K8sObject {
  if (o.kind !== 'Secret' || !o.data) return o;
  return { ...o, data: Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, String(v).replace(/[\r\n]/g, '')])) };
}

/** One pod per workload of the namespace, plus what lives outside it. */
function endpoints(objects: K8sObject[]): Record<string, Endpoint> {
  const out: Record<string, Endpoint> = {};
  for (const w of workloads(objects)) {
    const labels = w.spec.template.metadata.labels;
    const name = labels['app.kubernetes.io/component'] ?? labels['app.kubernetes.io/name'];
    out[name] = { kind: 'pod', name, namespace: w.metadata.namespace, labels };
  }
  out['ingress-controller'] = { kind: 'pod', name: 'ingress-controller', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
  out['other-namespace'] = { kind: 'pod', name: 'other-namespace', namespace: 'default', labels: { app: 'curious' } };
  out['keda-operator'] = { kind: 'pod', name: 'keda-operator', namespace: 'keda', labels: { app: 'keda-operator' } };
  out.internet = { kind: 'ip', name: 'internet', ip: '203.0.113.7' };
  out['cloud-metadata'] = { kind: 'ip', name: 'cloud-metadata', ip: '169.254.169.254' };
  out['private-host'] = { kind: 'ip', name: 'private-host', ip: '10.99.1.1' };
  return out;
}

describe.each(OVERLAYS as string[])('deploy/k8s/overlays/%s, rendered by kubectl kustomize', (overlay) => {
  let objects: K8sObject[];
  beforeAll(() => {
    try {
      objects = renderOverlay(overlay);
    } catch (e) {
      throw new Error(`cannot render the overlay (kubectl with kustomize is needed: scripts/test-tools.sh installs Debian's kubernetes-client): ${(e as Error).message}`);
    }
  });

  it('validates against the Kubernetes and KEDA schemas, with no unknown field', () => {
    expect(objects.length).toBeGreaterThan(20);
    const problems = objects.flatMap((o) => schemaProblems(withUnwrappedSecretData(o)).map((p) => `${o.kind} ${o.metadata.name}: ${p}`));
    expect(problems).toEqual([]);
    expect(objects.filter((o) => o.apiVersion === 'keda.sh/v1alpha1').map((o) => o.kind).sort()).toEqual(['ScaledObject', 'TriggerAuthentication']);
  });

  it('has one Deployment per service, all from the one image at a pinned tag, and no image at latest', () => {
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
    const images = new Set(deployments.flatMap((d) => allContainers(d).map((c) => c.image)));
    expect(images.size).toBe(1);
    for (const w of workloads(objects)) {
      for (const c of allContainers(w)) {
        expect(`${w.metadata.name}/${c.name} ${c.image}`).toMatch(/ [^:@\s]+(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/);
        expect(`${w.metadata.name}/${c.name} ${c.image}`).not.toMatch(/:latest$/);
      }
    }
    for (const d of deployments) expect(podSpec(d).containers.map((c: K8sObject) => c.args)).toEqual([[d.metadata.name]]);
  });

  it('probes every service on its health endpoints', () => {
    for (const name of SERVICES) {
      const c = podSpec(find(objects, 'Deployment', name)).containers[0];
      expect(c.ports).toEqual([{ name: 'http', containerPort: PORTS[name] }]);
      expect(c.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(c.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      // The readiness check waits 2 s for each dependency: the probe must wait longer.
      expect(c.readinessProbe.timeoutSeconds).toBeGreaterThan(2);
    }
    for (const s of objects.filter((o) => o.kind === 'StatefulSet')) {
      const c = podSpec(s).containers[0];
      expect([s.metadata.name, !!c.livenessProbe, !!c.readinessProbe]).toEqual([s.metadata.name, true, true]);
    }
  });

  it('gives every container requests and limits, the runner a memory limit above its measured peak', () => {
    for (const w of workloads(objects)) {
      for (const c of allContainers(w)) {
        const r = c.resources ?? {};
        expect([`${w.metadata.name}/${c.name}`, r.requests?.cpu, r.requests?.memory, r.limits?.cpu, r.limits?.memory].every(Boolean)).toBe(true);
        expect(mebibytes(r.requests.memory)).toBeLessThanOrEqual(mebibytes(r.limits.memory));
      }
    }
    const params = autoscalingParameters(objects);
    const runner = podSpec(find(objects, 'Deployment', 'pipeline-runner')).containers[0];
    expect(mebibytes(runner.resources.limits.memory)).toBeGreaterThan(RUNNER_PEAK_MIB_PER_RUN * params.runnerConcurrency * 1.25);
    // os.cpus() in a container counts the node's CPUs: the scan workers are sized to the limit.
    expect(Number(params.scanProcesses)).toBe(Number(runner.resources.limits.cpu));
  });

  it('runs every pod as non-root, the services on a read-only root filesystem without a service account token', () => {
    for (const w of workloads(objects)) {
      const spec = podSpec(w);
      expect([w.metadata.name, spec.securityContext?.runAsNonRoot, spec.securityContext?.runAsUser > 0]).toEqual([w.metadata.name, true, true]);
      expect([w.metadata.name, spec.automountServiceAccountToken]).toEqual([w.metadata.name, false]);
      for (const c of allContainers(w)) {
        expect([`${w.metadata.name}/${c.name}`, c.securityContext?.allowPrivilegeEscalation, c.securityContext?.capabilities?.drop]).toEqual([`${w.metadata.name}/${c.name}`, false, ['ALL']]);
      }
    }
    for (const w of workloads(objects).filter((o) => o.metadata.labels?.['app.kubernetes.io/name'] === 'scanworks')) {
      expect(podSpec(w).securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      for (const c of allContainers(w)) expect([`${w.metadata.name}/${c.name}`, c.securityContext.readOnlyRootFilesystem]).toEqual([`${w.metadata.name}/${c.name}`, true]);
      // Every writable path is an emptyDir with a size limit.
      for (const v of podSpec(w).volumes ?? []) expect([w.metadata.name, v.name, v.emptyDir?.sizeLimit]).toEqual([w.metadata.name, v.name, expect.stringMatching(/Gi$/)]);
    }
  });

  it('puts the runner work directory on a size-limited emptyDir and drains it within the termination grace period', () => {
    const runner = find(objects, 'Deployment', 'pipeline-runner');
    const c = podSpec(runner).containers[0];
    const workDir = envValue(c, 'RUNNER_WORK_DIR');
    const mount = c.volumeMounts.find((m: K8sObject) => workDir === m.mountPath || workDir.startsWith(`${m.mountPath}/`));
    expect(podSpec(runner).volumes.find((v: K8sObject) => v.name === mount.name).emptyDir.sizeLimit).toBe('20Gi');
    const params = autoscalingParameters(objects);
    // The drain (RUNNER_SHUTDOWN_GRACE_SECONDS) plus time to hand a run back must fit before SIGKILL.
    expect(params.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(params.shutdownGraceSeconds + 30);
  });

  it('scales the runners with KEDA on the run queue (ready + unacknowledged), one runner per RUNNER_CONCURRENCY runs', () => {
    const params = autoscalingParameters(objects);
    const config = serviceConfig(objects);
    expect(params.queueName).toBe(`${config.AMQP_PREFIX}.work.run.execute`);
    expect(params.protocol).toBe('http');
    expect(params.excludeUnacknowledged).toBe(false);
    expect(params.targetValue).toBe(params.runnerConcurrency);
    expect(params.minReplicas).toBeGreaterThanOrEqual(1);
    expect(params.maxReplicas).toBeGreaterThan(params.minReplicas);
    expect(params.behavior.scaleDown.stabilizationWindowSeconds).toBeGreaterThan(0);
    const auth = find(objects, 'TriggerAuthentication', find(objects, 'ScaledObject', 'pipeline-runner').spec.triggers[0].authenticationRef.name);
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'host', name: 'scanworks-rabbitmq', key: 'management-url' }]);
    // KEDA and the HPA own the replica counts: a `replicas` field would fight them at every apply.
    expect(find(objects, 'Deployment', 'pipeline-runner').spec.replicas).toBeUndefined();
    expect(find(objects, 'Deployment', 'api-gateway').spec.replicas).toBeUndefined();
  });

  it('puts the gateway behind an Ingress and an HPA on CPU, and a PodDisruptionBudget on every service', () => {
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'api-gateway');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api-gateway' });
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    const ingress = find(objects, 'Ingress', 'api-gateway');
    const backends = ingress.spec.rules.flatMap((r: K8sObject) => r.http.paths.map((p: K8sObject) => p.backend.service));
    expect(backends).toEqual([{ name: 'api-gateway', port: { name: 'http' } }]);
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('0');
    for (const name of SERVICES) {
      const selector = find(objects, 'PodDisruptionBudget', name).spec.selector.matchLabels;
      expect(find(objects, 'Deployment', name).spec.template.metadata.labels).toMatchObject(selector);
      expect(find(objects, 'Service', name).spec.ports).toEqual([{ name: 'http', port: PORTS[name], targetPort: 'http' }]);
    }
  });

  it('migrates with a Job, and makes the services wait for it instead of migrating at start', () => {
    const job = find(objects, 'Job', 'scanworks-migrate');
    expect(podSpec(job).containers[0].command).toEqual(['node', 'dist/apps/project-store/src/migrate.js', '--timeout', '300']);
    expect(job.metadata.annotations['argocd.argoproj.io/hook']).toBe('PreSync');
    expect(serviceConfig(objects).MIGRATE_AT_START).toBe('false');
    for (const name of SERVICES.filter((s) => s !== 'api-gateway')) {
      expect(podSpec(find(objects, 'Deployment', name)).initContainers.map((c: K8sObject) => c.command.slice(1, 3))).toEqual([['dist/apps/project-store/src/migrate.js', '--wait']]);
    }
  });

  it('gives each service a configuration its own settings class accepts', () => {
    const secrets = Object.fromEntries(objects.filter((o) => o.kind === 'Secret').map((s) => [s.metadata.name, s]));
    // Production Secrets are the operator's: stand-ins of the documented shape.
    const external: Record<string, string> = { DATABASE_URL: 'postgres://u:p@db:5432/scanworks', AMQP_URL: 'amqp://u:p@mq:5672', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', API_KEY_PEPPER: 'a'.repeat(64) };
    for (const name of SERVICES) {
      const c = podSpec(find(objects, 'Deployment', name)).containers[0];
      const env: Record<string, string> = { ...serviceConfig(objects) };
      for (const e of c.env ?? []) {
        if ('value' in e) env[e.name] = e.value;
        else {
          const ref = e.valueFrom.secretKeyRef;
          env[e.name] = secrets[ref.name] ? Buffer.from(secrets[ref.name].data[ref.key], 'base64').toString() : external[ref.key];
        }
      }
      expect(() => loadConfig(CONFIGS[name], env)).not.toThrow();
      expect([name, env.LOG_JSON, (loadConfig(CONFIGS[name], env) as { SITE_URL?: string }).SITE_URL]).toEqual([name, 'true', expect.stringMatching(/^https?:\/\//)]);
    }
  });

  it('references only Secrets the overlay creates (dev) or the operator must create (production)', () => {
    const referenced = new Set<string>();
    for (const w of workloads(objects)) for (const c of allContainers(w)) for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) referenced.add(`${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}`);
    for (const a of objects.filter((o) => o.kind === 'TriggerAuthentication')) for (const r of a.spec.secretTargetRef) referenced.add(`${r.name}/${r.key}`);
    const rendered = objects.filter((o) => o.kind === 'Secret');
    if (overlay === 'production') {
      expect(rendered).toEqual([]);
      expect([...referenced].filter((r) => r.startsWith('scanworks-')).sort()).toEqual([
        'scanworks-app/API_KEY_PEPPER', 'scanworks-database/DATABASE_URL', 'scanworks-rabbitmq/AMQP_URL', 'scanworks-rabbitmq/management-url', 'scanworks-s3/S3_ACCESS_KEY', 'scanworks-s3/S3_SECRET_KEY',
      ]);
    } else {
      const present = new Set(rendered.flatMap((s) => Object.keys(s.data).map((k) => `${s.metadata.name}/${k}`)));
      expect([...referenced].filter((r) => !present.has(r))).toEqual([]);
    }
  });

  it('lets only the gateway be reached from outside, and only the services that use them reach PostgreSQL, RabbitMQ, S3 and clamd', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as NetworkPolicy[];
    const at = endpoints(objects);
    const reachers = (to: Endpoint, port: number) => Object.values(at).filter((from) => from !== to && from.kind === 'pod' && canConnect(from, to, port, policies)).map((e) => e.name).sort();
    // From outside the namespace: the gateway's API port, and nothing else of scanworks.
    for (const name of [...SERVICES, 'migrate']) {
      const target = at[name];
      for (const port of [PORTS[name] ?? 8080, 5432, 5672]) {
        const outside = canConnect(at['ingress-controller'], target, port, policies) || canConnect(at['other-namespace'], target, port, policies) || canConnect(at.internet, target, port, policies);
        expect([name, port, outside]).toEqual([name, port, name === 'api-gateway' && port === 8001]);
      }
    }
    // Inside: the gateway reaches project-store and reporting; the dispatcher reporting; nothing reaches the runner.
    expect(reachers(at['project-store'], 8011)).toEqual(['api-gateway']);
    expect(reachers(at.reporting, 8031)).toEqual(['api-gateway', 'webhook-dispatcher']);
    expect(reachers(at['pipeline-runner'], 8021)).toEqual([]);
    // The dependencies: in-cluster pods (dev) or the production overlay's addresses.
    const dependency = (kind: keyof typeof CLIENTS): [Endpoint, number] => {
      if (overlay === 'dev') {
        const pod = { postgresql: 'postgres', rabbitmq: 'rabbitmq', s3: 'minio', clamd: 'clamav' }[kind];
        return [at[pod], { postgresql: 5432, rabbitmq: 5672, s3: 9000, clamd: 3310 }[kind]];
      }
      const policy = policies.find((p) => p.metadata.name === `egress-${kind}`)!;
      const rule = policy.spec.egress![0];
      return [{ kind: 'ip', name: kind, ip: rule.to![0].ipBlock!.cidr.split('/')[0] }, rule.ports![0].port as number];
    };
    for (const kind of Object.keys(CLIENTS) as (keyof typeof CLIENTS)[]) {
      const [target, port] = dependency(kind);
      // Pods of other namespaces are not ours to police: what they reach is their namespace's policies' business.
      const ours = Object.values(at).filter((from) => from.kind === 'pod' && from.namespace === find(objects, 'Deployment', 'api-gateway').metadata.namespace);
      const clients = ours.filter((from) => from !== target && canConnect(from, target, port, policies)).map((e) => e.name);
      expect([kind, clients.sort()]).toEqual([kind, [...CLIENTS[kind]].sort()]);
    }
    if (overlay === 'dev') {
      expect(canConnect(at['keda-operator'], at.rabbitmq, 15672, policies)).toBe(true);
      expect(canConnect(at['other-namespace'], at.rabbitmq, 15672, policies)).toBe(false);
    }
    // The runner and the dispatcher reach the Internet, never cloud metadata nor private hosts; the others nothing outside.
    for (const name of [...SERVICES, 'migrate']) {
      expect([name, canConnect(at[name], at.internet, 443, policies)]).toEqual([name, ['pipeline-runner', 'webhook-dispatcher'].includes(name)]);
      expect([name, canConnect(at[name], at['cloud-metadata'], 80, policies), canConnect(at[name], at['private-host'], 5432, policies)]).toEqual([name, false, false]);
    }
    expect(canConnect(at['api-gateway'], at['kube-dns'] ?? { kind: 'pod', name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } }, 53, policies)).toBe(true);
  });
});

describe('the checks can fail', () => {
  it('reports an unknown field, a bad value and a KEDA typo', () => {
    const objects = renderOverlay('production');
    const runner = JSON.parse(JSON.stringify(find(objects, 'Deployment', 'pipeline-runner')));
    runner.spec.template.spec.containers[0].livenesProbe = runner.spec.template.spec.containers[0].livenessProbe;
    runner.spec.template.spec.containers[0].resources.limits.memory = '2 GiB';
    expect(schemaProblems(runner)).toEqual(expect.arrayContaining([
      '/spec/template/spec/containers/0: unknown field livenesProbe',
      expect.stringContaining('resources/limits/memory must match format "quantity"'),
    ]));
    const so = JSON.parse(JSON.stringify(find(objects, 'ScaledObject', 'pipeline-runner')));
    so.spec.cooldownPerod = 10;
    so.spec.minReplicaCount = '1';
    expect(schemaProblems(so)).toEqual(expect.arrayContaining(['/spec: unknown field cooldownPerod', expect.stringContaining('minReplicaCount must be integer')]));
  });

  it('finds a NetworkPolicy that opens a dependency to the gateway', () => {
    const objects = renderOverlay('dev');
    const policies = objects.filter((o: K8sObject) => o.kind === 'NetworkPolicy') as NetworkPolicy[];
    const at = endpoints(objects);
    expect(canConnect(at['api-gateway'], at.postgres, 5432, policies)).toBe(false);
    const loose = policies.map((p) => (p.metadata.name === 'egress-postgres' ? { ...p, spec: { ...p.spec, podSelector: {} } } : p));
    const opened = loose.map((p) => (p.metadata.name === 'postgres-ingress' ? { ...p, spec: { ...p.spec, ingress: [{}] } } : p));
    expect(canConnect(at['api-gateway'], at.postgres, 5432, opened)).toBe(true);
  });
});
