import { dockerPlatformSetting } from './docker-platform-setting';

describe('dockerPlatformSetting', () => {
  it('reads docker_platform, trimmed', () => {
    expect(dockerPlatformSetting({ docker_platform: ' linux/arm64/v8 ' })).toBe('linux/arm64/v8');
  });

  it('is the default when unset, null or empty', () => {
    expect(dockerPlatformSetting({})).toBeUndefined();
    expect(dockerPlatformSetting({ docker_platform: null })).toBeUndefined();
    expect(dockerPlatformSetting({ docker_platform: '  ' })).toBeUndefined();
  });

  it('passes any other value on as text, for the fetch to refuse with it quoted', () => {
    expect(dockerPlatformSetting({ docker_platform: 64 })).toBe('64');
    expect(dockerPlatformSetting({ docker_platform: ['linux/arm64'] })).toBe('["linux/arm64"]');
  });
});
