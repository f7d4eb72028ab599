import { serializeDelivery, serializeSubscriptions, WebhookAttemptRow, WebhookDeliveryRow, WebhookSubscriptionRow } from './webhook-serializer';

const sub = (uuid: string): WebhookSubscriptionRow => ({
  uuid, target_url: `https://h/${uuid}`, trigger_on_each_run: false, include_summary: true, include_results: false, is_active: true, created_date: '2026-01-01T00:00:00.000000Z',
});
const delivery = (uuid: string, subscription: string, code: number | null, status = 'succeeded'): WebhookDeliveryRow => ({
  uuid, webhook_subscription_uuid: subscription, run_uuid: 'run-1', event: 'run.completed', status, attempts: 1, target_url: 'https://h/x',
  sent_date: '2026-01-01T00:00:01.000000Z', delivered_date: null, response_status_code: code, response_text: '', delivery_error: '',
});
const attempt = (deliveryUuid: string, n: number, code: number | null): WebhookAttemptRow => ({
  delivery_uuid: deliveryUuid, attempt: n, sent_date: `2026-01-01T00:00:0${n}.000000Z`, duration_ms: 12, response_status_code: code, response_text: 'r', error: code === null ? 'ECONNREFUSED' : '',
});

describe('serializeDelivery', () => {
  it.each([
    [200, true, true], [201, true, true], [202, true, true], [204, true, false], [404, true, false], [500, true, false], [null, false, false],
  ])('status code %p: delivered %p, success %p (ScanCode.io computed fields)', (code, delivered, success) => {
    expect(serializeDelivery(delivery('d', 's', code), [])).toMatchObject({ delivered, success });
  });

  it('has the documented keys in order, with the run uuid as `run`', () => {
    const out = serializeDelivery(delivery('d', 's', 500, 'failed'), [attempt('d', 1, 500)]);
    expect(Object.keys(out)).toEqual([
      'uuid', 'run', 'event', 'status', 'attempts', 'target_url', 'sent_date', 'delivered_date', 'response_status_code', 'response_text',
      'delivery_error', 'delivered', 'success', 'attempt_log',
    ]);
    expect(out.run).toBe('run-1');
    expect(out.attempt_log).toEqual([{ attempt: 1, sent_date: '2026-01-01T00:00:01.000000Z', duration_ms: 12, response_status_code: 500, response_text: 'r', error: '' }]);
  });
});

describe('serializeSubscriptions', () => {
  it('keeps the row order and gives each subscription its own deliveries and attempts', () => {
    const out = serializeSubscriptions(
      [sub('s2'), sub('s1'), sub('s0')],
      [delivery('d2', 's1', null, 'failed'), delivery('d1', 's1', 200), delivery('d3', 's2', 202)],
      [attempt('d2', 1, null), attempt('d2', 2, null), attempt('d1', 1, 200)],
    );
    expect(out.map((s) => [s.uuid, s.deliveries.map((d) => [d.uuid, d.attempt_log.map((a) => a.attempt)])])).toEqual([
      ['s2', [['d3', []]]],
      ['s1', [['d2', [1, 2]], ['d1', [1]]]],
      ['s0', []],
    ]);
    expect(Object.keys(out[0])).toEqual(['uuid', 'target_url', 'trigger_on_each_run', 'include_summary', 'include_results', 'is_active', 'created_date', 'deliveries']);
  });
});
