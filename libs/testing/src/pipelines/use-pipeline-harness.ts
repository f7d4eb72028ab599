import { PipelineHarness, type PipelineHarnessOptions } from './pipeline-harness';

/**
 * One harness for a test file: started before its tests, closed after them. Use `harness()`
 * inside tests (it is not started yet when the file is loaded).
 */
export function usePipelineHarness(options: PipelineHarnessOptions = {}): () => PipelineHarness {
  let harness: PipelineHarness | null = null;
  beforeAll(async () => {
    harness = await PipelineHarness.start(options);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('The pipeline harness is not started: call it inside a test or a hook');
    return harness;
  };
}
