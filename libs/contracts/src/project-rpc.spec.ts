import { checkRpcPayload, PROJECT_RPC_REQUESTS } from './project-rpc';
import { PROJECT_RPC } from './rpc';

const ctx = { base_url: 'http://localhost:8001' };

describe('checkRpcPayload', () => {
  it('has a request class for every pattern', () => {
    expect(Object.keys(PROJECT_RPC_REQUESTS).sort()).toEqual(Object.values(PROJECT_RPC).sort());
  });

  it('accepts a well-formed payload and answers it as it was sent', () => {
    const payload = { ctx, query: { page: '2', name: 'x' }, request_url: 'http://localhost:8001/api/projects/?page=2', page_size: 50 };
    const check = checkRpcPayload(PROJECT_RPC.list, payload);
    expect(check).toEqual({ ok: true, payload });
    expect(check.ok && check.payload).toBe(payload);
  });

  it('accepts the empty payload of a pattern that takes none, and nothing else', () => {
    expect(checkRpcPayload(PROJECT_RPC.pipelines, {}).ok).toBe(true);
    expect(checkRpcPayload(PROJECT_RPC.pipelines, { x: 1 })).toEqual({ ok: false, problems: ['x: property x should not exist'] });
  });

  it('checks nested objects, nullable fields and lists', () => {
    const create = {
      ctx, uuid: '5f3c2d9e-8a41-4b7c-9d2e-1a2b3c4d5e6f', name: 'p', input_urls: [], upload: null, pipelines: ['scan_codebase'], execute_now: false,
      webhook_url: null, webhooks: [{ target_url: 'https://h', trigger_on_each_run: false, include_summary: false, include_results: false, is_active: true, secret: null }],
      labels: [], notes: '', settings: { a: 1 }, purl: '', extra_data: {},
    };
    expect(checkRpcPayload(PROJECT_RPC.create, create).ok).toBe(true);
    const bad = checkRpcPayload(PROJECT_RPC.create, { ...create, upload: { filename: 'a', size: -1, tag: '' }, webhooks: [{ ...create.webhooks[0], is_active: 'yes' }], labels: 'a' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toEqual([
      'upload.size: size must not be less than 0',
      'webhooks.0.is_active: is_active must be a boolean value',
      'labels: labels must be an array',
    ]);
  });

  it('refuses a missing field, a wrong type and an unknown field', () => {
    const check = checkRpcPayload(PROJECT_RPC.runGet, { ctx: { base_url: 1 }, extra: true });
    expect(!check.ok && check.problems.sort()).toEqual([
      'ctx.base_url: base_url must be a string',
      'extra: property extra should not exist',
      'run_uuid: run_uuid must be a string',
    ]);
    expect(checkRpcPayload(PROJECT_RPC.get, null)).toEqual({ ok: false, problems: ['the payload must be an object'] });
    expect(checkRpcPayload(PROJECT_RPC.messages, { ctx, project_uuid: 'p', query: { a: 1 }, request_url: 'u', page_size: 50 }).ok).toBe(false);
  });
});
