// The replica count KEDA and the Horizontal Pod Autoscaler give a ScaledObject's target, step by
// step, as Kubernetes computes it (pkg/controller/podautoscaler: an External metric of
// AverageValue type, the 10% tolerance, stabilization windows and scaling policies of
// `behavior`; KEDA's activation below minReplicaCount 1). Pure: the autoscaling simulation
// (autoscale.bench.js) feeds it the real queue depth and applies its answers to real processes.

const TOLERANCE = 0.1; // kube-controller-manager --horizontal-pod-autoscaler-tolerance
const DEFAULT_BEHAVIOR = {
  scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
  scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
};

/** The HPA's raw recommendation for an AverageValue external metric (the metric summed over the queue). */
function recommend(metric, target, current) {
  if (current === 0) return Math.ceil(metric / target);
  const usageRatio = metric / (target * current);
  return Math.abs(1 - usageRatio) <= TOLERANCE ? current : Math.ceil(metric / target);
}

class HpaModel {
  /** `params`: autoscalingParameters() of deploy/k8s/test/manifests.js. */
  constructor(params) {
    this.params = params;
    this.behavior = {
      scaleUp: { ...DEFAULT_BEHAVIOR.scaleUp, ...params.behavior.scaleUp },
      scaleDown: { ...DEFAULT_BEHAVIOR.scaleDown, ...params.behavior.scaleDown },
    };
    /** [{ at, replicas }] recommendations, for the stabilization windows. */
    this.recommendations = [];
    /** [{ at, change }] scaling events, for the policies' periods. */
    this.events = [];
  }

  /** The replica count after one HPA sync at time `at` (seconds), given the queue's messages. */
  step(at, current, metric) {
    const { minReplicas, maxReplicas, targetValue, activationValue } = this.params;
    // KEDA: below activation, a target that may go to zero does, after cooldownPeriod (not modelled: minReplicas >= 1 here).
    if (minReplicas === 0 && current === 0 && metric <= activationValue) return 0;
    const hpaMin = Math.max(1, minReplicas);
    let desired = recommend(metric, targetValue, Math.max(current, 1));
    this.recommendations.push({ at, replicas: desired });
    // Stabilization: scale up to the lowest, down to the highest recommendation of each window.
    const within = (seconds) => this.recommendations.filter((r) => r.at >= at - seconds).map((r) => r.replicas);
    const upWindow = within(this.behavior.scaleUp.stabilizationWindowSeconds);
    const downWindow = within(this.behavior.scaleDown.stabilizationWindowSeconds);
    if (desired > current) desired = Math.max(current, Math.min(...upWindow));
    else if (desired < current) desired = Math.min(current, Math.max(...downWindow));
    desired = Math.min(Math.max(desired, hpaMin), maxReplicas);
    if (desired > current) desired = Math.min(desired, this.limit('scaleUp', at, current));
    else if (desired < current) desired = Math.max(desired, this.limit('scaleDown', at, current));
    if (desired !== current) this.events.push({ at, change: desired - current });
    const horizon = Math.max(this.behavior.scaleUp.stabilizationWindowSeconds, this.behavior.scaleDown.stabilizationWindowSeconds, 600);
    this.recommendations = this.recommendations.filter((r) => r.at >= at - horizon);
    return desired;
  }

  /** The furthest the policies let the count move from `current` now. */
  limit(direction, at, current) {
    const { policies, selectPolicy } = this.behavior[direction];
    const up = direction === 'scaleUp';
    const limits = policies.map((p) => {
      const moved = this.events.filter((e) => e.at > at - p.periodSeconds && (up ? e.change > 0 : e.change < 0)).reduce((n, e) => n + Math.abs(e.change), 0);
      const start = up ? current - moved : current + moved;
      if (p.type === 'Pods') return up ? start + p.value : start - p.value;
      return up ? Math.ceil(start * (1 + p.value / 100)) : Math.ceil(start * (1 - p.value / 100));
    });
    if (selectPolicy === 'Disabled') return current;
    const most = up ? Math.max(...limits) : Math.min(...limits);
    const least = up ? Math.min(...limits) : Math.max(...limits);
    return selectPolicy === 'Min' ? least : most;
  }
}

module.exports = { HpaModel, recommend, TOLERANCE };
