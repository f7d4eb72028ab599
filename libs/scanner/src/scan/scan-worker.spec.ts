import { warmFileInfo } from '../info/warm-file-info';
import { warmUp } from './scan-worker';

jest.mock('../info/warm-file-info', () => {
  const actual = jest.requireActual<typeof import('../info/warm-file-info')>('../info/warm-file-info');
  return { ...actual, warmFileInfo: jest.fn(actual.warmFileInfo) };
});

describe('the scan worker’s warm-up', () => {
  it('warms the engine once per worker, however often a run asks, and answers the statements each time', async () => {
    const first = await warmUp([{ statement: 'MIT', path: '' }]);
    const second = await warmUp([{ statement: 'Apache-2.0', path: '' }]);
    expect(warmFileInfo).toHaveBeenCalledTimes(1);
    expect(first[0]).toMatchObject({ declared_license_expression: 'mit' });
    expect(second[0]).toMatchObject({ declared_license_expression: 'apache-2.0' });
  }, 120_000);
});
