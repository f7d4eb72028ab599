// eslint-disable-next-line @typescript-eslint/no-require-imports
const { HpaModel, recommend } = require('../../../bench/lib/hpa-model.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderOverlay, autoscalingParameters } = require('./manifests.js');

/** The autoscaling simulation's model of KEDA + HPA, against the Kubernetes semantics it claims. */
describe('HpaModel (KEDA ScaledObject through the HPA)', () => {
  const params = {
    minReplicas: 1, maxReplicas: 10, targetValue: 1, activationValue: 0,
    behavior: {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 2, periodSeconds: 30 }] },
    },
  };

  it('recommends ceil(metric / target) for an AverageValue metric, within the 10% tolerance keeps the count', () => {
    expect(recommend(20, 1, 1)).toBe(20);
    expect(recommend(7, 2, 1)).toBe(4);
    expect(recommend(10.5, 1, 10)).toBe(10); // ratio 1.05: within tolerance
    expect(recommend(11.5, 1, 10)).toBe(12);
    expect(recommend(0, 1, 3)).toBe(0);
  });

  it('scales a burst up by the larger of +4 pods and +100% per 15 s, up to the maximum', () => {
    const m = new HpaModel(params);
    expect(m.step(0, 1, 20)).toBe(5); // max(1 + 4, 1 * 2)
    expect(m.step(15, 5, 20)).toBe(10); // max(5 + 4, 5 * 2), capped at 10
    expect(m.step(30, 10, 20)).toBe(10);
  });

  it('scales down only after the stabilization window, by at most 2 pods per 30 s, never under the minimum', () => {
    const m = new HpaModel(params);
    expect(m.step(0, 1, 20)).toBe(5);
    expect(m.step(15, 5, 20)).toBe(10);
    expect(m.step(30, 10, 0)).toBe(10); // the window still holds 10
    expect(m.step(60, 10, 0)).toBe(10);
    expect(m.step(90, 10, 0)).toBe(8); // 30 s after the last 10: -2
    expect(m.step(105, 8, 0)).toBe(8); // 2 already removed in this 30 s period
    expect(m.step(120, 8, 0)).toBe(6);
    let replicas = 6;
    for (let at = 135; at <= 300; at += 15) replicas = m.step(at, replicas, 0);
    expect(replicas).toBe(1);
  });

  it('reads the parameters the production overlay sets', () => {
    const p = autoscalingParameters(renderOverlay('production'));
    expect(p).toMatchObject({ minReplicas: 1, maxReplicas: 10, targetValue: 1, behavior: params.behavior });
    const m = new HpaModel(p);
    expect(m.step(0, 1, 3)).toBe(3);
  });
});
