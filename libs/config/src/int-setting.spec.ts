import { IntSetting } from './int-setting';
import { loadConfig } from './load-config';

class Settings {
  @IntSetting(0, 65535)
  PORT = 8001;

  @IntSetting(100)
  TIMEOUT_MS = 1000;
}

describe('IntSetting', () => {
  it('keeps the default when the variable is unset', () => {
    expect(loadConfig(Settings, {})).toMatchObject({ PORT: 8001, TIMEOUT_MS: 1000 });
  });

  it('reads a whole number from the environment', () => {
    expect(loadConfig(Settings, { PORT: '9000', TIMEOUT_MS: '250' })).toMatchObject({ PORT: 9000, TIMEOUT_MS: 250 });
  });

  it.each([
    [{ PORT: '80x' }, 'PORT must be an integer number'],
    [{ PORT: '1.5' }, 'PORT must be an integer number'],
    [{ PORT: '70000' }, 'PORT must not be greater than 65535'],
    [{ PORT: '-1' }, 'PORT must not be less than 0'],
    [{ TIMEOUT_MS: '99' }, 'TIMEOUT_MS must not be less than 100'],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(Settings, env)).toThrow(message);
  });
});
