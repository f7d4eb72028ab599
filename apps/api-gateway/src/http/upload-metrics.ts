import { Gauge } from 'prom-client';

/**
 * Multipart bodies being read (uploads included), on /metrics. Back to zero when the gateway is
 * idle: a read that never settles (a client gone, a stream never ended) would show here.
 */
export const multipartBodiesInProgress = new Gauge({
  name: 'gateway_multipart_bodies_in_progress',
  help: 'Multipart request bodies the gateway is reading or whose upload it is finishing',
});
