import { usePipelineHarness } from '@sca/testing';
const harness = usePipelineHarness({ scan: { processes: 2 } });
it('probe', async () => {
  const t = Date.now();
  const r = await harness().run({ pipeline: 'analyze_docker_image', inputs: ['/tmp/scanworks-debian-image-v1/debian-npm.tar'] });
  console.log((Date.now() - t) / 1000, r.status, r.taskOutput.slice(0, 300), '\n' + r.log.split('\n').filter((l) => /completed in|Pipeline|TIMING|Image/.test(l)).join('\n'));
}, 300000);
