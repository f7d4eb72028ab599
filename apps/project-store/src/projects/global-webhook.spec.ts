import { GlobalWebhook, parseGlobalWebhook } from './global-webhook';

describe('parseGlobalWebhook', () => {
  it('is off when unset or blank', () => {
    expect(parseGlobalWebhook(undefined)).toBeNull();
    expect(parseGlobalWebhook('')).toBeNull();
    expect(parseGlobalWebhook('   ')).toBeNull();
  });

  it('applies the subscription defaults to a bare target_url', () => {
    expect(parseGlobalWebhook('target_url=https://hooks.example/x')).toEqual({
      target_url: 'https://hooks.example/x',
      trigger_on_each_run: false,
      include_summary: false,
      include_results: false,
      is_active: true,
      secret: null,
    });
  });

  it('reads every flag, with spaces around parts and Python-style booleans', () => {
    const value = ' target_url = https://h/x?a=b ,trigger_on_each_run=True, include_summary=yes,include_results=1, is_active=False';
    expect(parseGlobalWebhook(value)).toEqual({
      target_url: 'https://h/x?a=b',
      trigger_on_each_run: true,
      include_summary: true,
      include_results: true,
      is_active: false,
      secret: null,
    });
  });

  it('reads unknown spellings and empty values as false', () => {
    expect(parseGlobalWebhook('target_url=https://h,include_summary=on,is_active=')).toMatchObject({ include_summary: false, is_active: false });
  });

  it('reads a secret, kept with any = it contains', () => {
    expect(parseGlobalWebhook('target_url=https://h, secret=whsec_abc=def_0123456789')?.secret).toBe('whsec_abc=def_0123456789');
  });

  it('refuses a secret out of the 16–200 character bounds, like the API', () => {
    expect(() => parseGlobalWebhook('target_url=https://h,secret=short')).toThrow('GLOBAL_WEBHOOK secret must have at least 16 characters');
    expect(() => parseGlobalWebhook('target_url=https://h,secret=')).toThrow('GLOBAL_WEBHOOK secret must have at least 16 characters');
    expect(() => parseGlobalWebhook(`target_url=https://h,secret=${'s'.repeat(201)}`)).toThrow('GLOBAL_WEBHOOK secret must have no more than 200 characters');
  });

  it('refuses a value without a target_url', () => {
    expect(() => parseGlobalWebhook('include_summary=True')).toThrow('GLOBAL_WEBHOOK needs a target_url');
    expect(() => parseGlobalWebhook('target_url=,is_active=True')).toThrow('GLOBAL_WEBHOOK needs a target_url');
  });
});

describe('GlobalWebhook', () => {
  it('hands out the parsed subscription, or null when off', () => {
    expect(new GlobalWebhook(parseGlobalWebhook('target_url=https://h')).subscription()?.target_url).toBe('https://h');
    expect(new GlobalWebhook(null).subscription()).toBeNull();
  });
});
