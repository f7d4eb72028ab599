// Renders an overlay with kubectl's kustomize and reads what the autoscaling rule needs from it.
// Shared by the manifest tests (manifests.spec.ts) and the autoscaling simulation
// (bench/autoscale.bench.js), so that both use the manifests as an operator applies them.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const YAML = require('yaml');

const K8S_DIR = join(__dirname, '..');
const OVERLAYS = ['production', 'dev'];

/** The kubectl that renders (KUBECTL, else the one on PATH: scripts/test-tools.sh installs Debian's when none is). */
function kubectl() {
  return process.env.KUBECTL || 'kubectl';
}

/** `kubectl kustomize deploy/k8s/overlays/<name>`: the objects `kubectl apply -k` would apply. */
function renderOverlay(name, bin = kubectl()) {
  const text = execFileSync(bin, ['kustomize', join(K8S_DIR, 'overlays', name)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return YAML.parseAllDocuments(text).map((doc) => doc.toJS()).filter(Boolean);
}

function find(objects, kind, name) {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`the rendered manifests have no ${kind} ${name}`);
  return found;
}

/** A container's literal env value (not from a Secret). */
function envValue(container, name) {
  return container.env?.find((e) => e.name === name && 'value' in e)?.value;
}

/** The ConfigMap the services take their settings from (its name carries kustomize's hash). */
function serviceConfig(objects) {
  const cm = objects.find((o) => o.kind === 'ConfigMap' && /^scanworks-config(-[a-z0-9]+)?$/.test(o.metadata.name));
  if (!cm) throw new Error('no scanworks-config ConfigMap');
  return cm.data;
}

/**
 * The parameters of the runners' autoscaling as the manifests set them: KEDA's ScaledObject
 * (bounds, target value, HPA behaviour) and the runner Deployment (runs per runner, drain).
 */
function autoscalingParameters(objects) {
  const so = find(objects, 'ScaledObject', 'pipeline-runner');
  const runner = find(objects, 'Deployment', so.spec.scaleTargetRef.name);
  const container = runner.spec.template.spec.containers.find((c) => c.name === 'pipeline-runner');
  const trigger = so.spec.triggers.find((t) => t.type === 'rabbitmq');
  const behavior = so.spec.advanced?.horizontalPodAutoscalerConfig?.behavior ?? {};
  return {
    minReplicas: so.spec.minReplicaCount ?? 0,
    maxReplicas: so.spec.maxReplicaCount ?? 100,
    pollingIntervalSeconds: so.spec.pollingInterval ?? 30,
    cooldownPeriodSeconds: so.spec.cooldownPeriod ?? 300,
    targetValue: Number(trigger.metadata.value),
    activationValue: Number(trigger.metadata.activationValue ?? 0),
    queueName: trigger.metadata.queueName,
    protocol: trigger.metadata.protocol,
    excludeUnacknowledged: trigger.metadata.excludeUnacknowledged === 'true',
    behavior,
    runnerConcurrency: Number(envValue(container, 'RUNNER_CONCURRENCY') ?? 1),
    shutdownGraceSeconds: Number(envValue(container, 'RUNNER_SHUTDOWN_GRACE_SECONDS') ?? 20),
    terminationGracePeriodSeconds: runner.spec.template.spec.terminationGracePeriodSeconds ?? 30,
    scanProcesses: envValue(container, 'SCAN_PROCESSES'),
  };
}

module.exports = { K8S_DIR, OVERLAYS, kubectl, renderOverlay, find, envValue, serviceConfig, autoscalingParameters };
