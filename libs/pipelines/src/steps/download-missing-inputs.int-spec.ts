/**
 * download_missing_inputs on `docker://` inputs, run as the runner runs it, against a real
 * registry holding a multi-arch index (ScanCode.io's alpine and debian test images, labelled
 * linux/amd64 and linux/arm64/v8): the project setting `docker_platform` picks the image, the
 * input arrives as one archive the scanner's image reader takes, and a platform the index lacks
 * fails the run with the registry's platforms named.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { imagesFromInput } from '@sca/scanner';
import { scancodeioTestdata, startLocalRegistry, usePipelineHarness, type LocalRegistry } from '@sca/testing';
import { defineStep, definePipeline } from '../framework/define';

jest.setTimeout(60_000);

const ALPINE_IMAGE_ID = '06c7c49ea0a689415b6189e13207bbca004cc6579d0d6749d33d5d0f463936a1';
const DEBIAN_IMAGE_ID = 'c19c05f449307813ca60986c794d08e6586c102b8e4c7d1b035f371ac329e4a6';

/** The inputs step, then one that reads every fetched image into extra_data. */
const readInputImages = definePipeline({
  name: 'read_input_images',
  summary: 'Fetch the inputs and read their images.',
  description: '',
  downloadInputs: true,
  isAddon: false,
  steps: [
    defineStep({
      name: 'read_images',
      doc: '',
      async run(ctx) {
        const inputs: Record<string, string[]> = {};
        for (const name of await readdir(ctx.dirs.input)) {
          const found = await imagesFromInput(join(ctx.dirs.input, name), join(ctx.dirs.tmp, name));
          inputs[name] = found.images.map((image) => image.image_id);
        }
        await ctx.updateProjectExtraData({ inputs });
      },
    }),
  ],
});

const harness = usePipelineHarness({ fetchPolicy: { allowedHosts: ['127.0.0.1'], maxBytes: 50_000_000, timeoutMs: 10_000 } });
let registry: LocalRegistry;

beforeAll(async () => {
  registry = await startLocalRegistry();
  await registry.push(scancodeioTestdata('docker', 'alpine_3_15_4.tar.gz'), 'test/multi:alpine');
  await registry.push(scancodeioTestdata('docker', 'debian.tar.gz'), 'test/multi:debian');
  await registry.pushIndex('test/multi:1', [{ reference: 'alpine', platform: 'linux/amd64' }, { reference: 'debian', platform: 'linux/arm64/v8' }]);
});
afterAll(() => registry?.stop());

describe('download_missing_inputs on docker:// inputs', () => {
  const input = () => ({ url: `docker://${registry.host}/test/multi:1` });
  const filename = () => `${registry.host.replace(/[.:]/g, '_')}_test_multi_1.tar`;

  it('takes linux/amd64 from a multi-arch index by default, as one archive the image reader takes', async () => {
    const r = await harness().run({ pipeline: readInputImages, inputs: [input()] });
    expect(r.status).toBe('success');
    expect(r.extraData['inputs']).toEqual({ [filename()]: [ALPINE_IMAGE_ID] });
  });

  it('takes the platform the project setting docker_platform names', async () => {
    const r = await harness().run({ pipeline: readInputImages, inputs: [input()], settings: { docker_platform: 'linux/arm64/v8' } });
    expect(r.status).toBe('success');
    expect(r.extraData['inputs']).toEqual({ [filename()]: [DEBIAN_IMAGE_ID] });
  });

  it('fails the run when the index has no image for that platform', async () => {
    const r = await harness().run({ pipeline: readInputImages, inputs: [input()], settings: { docker_platform: 'linux/s390x' } });
    expect(r.status).toBe('failure');
    expect(r.taskOutput).toContain('InputFilesError encountered with the following issues:');
    expect(r.taskOutput).toContain(`Error 1: Could not fetch: ${input().url}: no image for platform linux/s390x in the index (available: linux/amd64, linux/arm64/v8)`);
  });
});
