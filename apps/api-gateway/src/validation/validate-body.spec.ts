import { CREATE_PROJECT_FIELDS, CreateProjectDto, LIST_FIELDS, WEBHOOK_FIELDS, WebhookDto } from '@sca/contracts';
import { ApiError } from '../http/api-error';
import { ParsedBody } from '../http/request-body';
import { coerceBoolean, formToObject, validateBody } from './validate-body';

const json = (value: unknown): ParsedBody => ({ kind: 'json', value });
const form = (fields: Record<string, string[]>): ParsedBody => ({ kind: 'form', fields });

const create = (body: ParsedBody, extra?: Record<string, string[]>) => validateBody(CreateProjectDto, body, CREATE_PROJECT_FIELDS, LIST_FIELDS, extra);

const addWebhook = (body: ParsedBody) => validateBody(WebhookDto, body, WEBHOOK_FIELDS, new Set());

function refusal(body: ParsedBody, extra?: Record<string, string[]>, validate: (b: ParsedBody, e?: Record<string, string[]>) => unknown = create): unknown {
  try {
    validate(body, extra);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.body;
    throw error;
  }
  throw new Error('body was accepted');
}

describe('coerceBoolean', () => {
  it.each(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1'])('reads %j as true', (v) => {
    expect(coerceBoolean(v)).toBe(true);
  });

  it.each(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0'])('reads %j as false', (v) => {
    expect(coerceBoolean(v)).toBe(false);
  });

  it('reads the numbers 1 and 0, keeps booleans, and leaves anything else for validation to refuse', () => {
    expect(coerceBoolean(1)).toBe(true);
    expect(coerceBoolean(0)).toBe(false);
    expect(coerceBoolean(true)).toBe(true);
    for (const v of ['tRUE', 'maybe', '', 2, null, [], {}]) expect(coerceBoolean(v)).toBe(v);
  });
});

describe('formToObject', () => {
  it('keeps every value of a list field and the last value of any other field', () => {
    expect(formToObject({ input_urls: ['u1', 'u2'], name: ['a', 'b'], notes: ['n'] }, LIST_FIELDS)).toEqual({ input_urls: ['u1', 'u2'], name: 'b', notes: 'n' });
  });

  it('parses JSON fields and webhooks entries, keeping text that is not JSON for validation to refuse', () => {
    const out = formToObject({ settings: ['{"a":1}'], extra_data: ['{bad'], webhooks: ['{"target_url":"https://h"}', 'oops'] }, LIST_FIELDS);
    expect(out).toEqual({ settings: { a: 1 }, extra_data: '{bad', webhooks: [{ target_url: 'https://h' }, 'oops'] });
  });

  it('leaves other fields as strings, even when they look like JSON', () => {
    expect(formToObject({ notes: ['{"a":1}'], execute_now: ['true'] }, LIST_FIELDS)).toEqual({ notes: '{"a":1}', execute_now: 'true' });
  });
});

describe('validateBody with CreateProjectDto', () => {
  it('returns the object with booleans coerced, from JSON or form data', () => {
    expect(create(json({ name: 'p', execute_now: 'yes', labels: ['a'] }))).toEqual({ name: 'p', execute_now: true, labels: ['a'] });
    expect(create(form({ name: ['p'], execute_now: ['on'], pipeline: ['scan_codebase'] }))).toEqual({ name: 'p', execute_now: true, pipeline: ['scan_codebase'] });
  });

  it('coerces the booleans of each webhook', () => {
    const out = create(form({ name: ['p'], webhooks: ['{"target_url":"https://h/x","is_active":"false","include_summary":1}'] }));
    expect(out.webhooks).toEqual([{ target_url: 'https://h/x', is_active: false, include_summary: true }]);
  });

  it('accepts a string or a list of strings for input_urls and pipeline', () => {
    expect(() => create(json({ name: 'p', input_urls: 'u1 u2', pipeline: ['a', 'b:G1'] }))).not.toThrow();
  });

  it.each([
    [{}, { name: ['This field is required.'] }],
    [{ name: '' }, { name: ['This field may not be blank.'] }],
    [{ name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
    [{ name: 5 }, { name: ['Not a valid string.'] }],
  ])('refuses the name in %j', (body, errors) => {
    expect(refusal(json(body))).toEqual(errors);
  });

  it('accepts a 100-character name', () => {
    expect(() => create(json({ name: 'x'.repeat(100) }))).not.toThrow();
  });

  it('refuses unknown fields instead of ignoring them', () => {
    expect(refusal(json({ name: 'p', pipelines: ['scan_codebase'], typo: 1 }))).toEqual({
      pipelines: ['This field is not allowed.'],
      typo: ['This field is not allowed.'],
    });
  });

  it('gives one message per field, in DRF words', () => {
    expect(
      refusal(
        json({
          name: 'p',
          execute_now: 'maybe',
          upload_file_tag: '',
          input_urls: 5,
          pipeline: ['ok', 3],
          labels: 'one',
          settings: [],
          extra_data: 'text',
          purl: 'x'.repeat(2049),
        }),
      ),
    ).toEqual({
      execute_now: ['Must be a valid boolean.'],
      upload_file_tag: ['This field may not be blank.'],
      input_urls: ['Expected a list of items but got type "int".'],
      pipeline: ['Not a valid string.'],
      labels: ['Expected a list of items but got type "str".'],
      settings: ['Expected a dictionary of items but got type "list".'],
      extra_data: ['Value must be valid JSON.'],
      purl: ['Ensure this field has no more than 2048 characters.'],
    });
  });

  it('answers a list of webhooks with one error dict per item, empty for valid items', () => {
    const body = json({ name: 'p', webhooks: [{ target_url: 'https://h/x' }, { target_url: 'not a url' }, { include_summary: 'x' }] });
    expect(refusal(body)).toEqual({
      webhooks: [{}, { target_url: ['Enter a valid URL.'] }, { target_url: ['This field is required.'], include_summary: ['Must be a valid boolean.'] }],
    });
  });

  it('refuses webhook items that are not objects with DRF\'s message', () => {
    expect(refusal(json({ name: 'p', webhooks: [5, 'oops', { target_url: 'https://h' }] }))).toEqual({
      webhooks: [
        { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] },
        { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] },
        {},
      ],
    });
  });

  it('refuses webhooks that are not a list', () => {
    expect(refusal(json({ name: 'p', webhooks: { target_url: 'https://h' } }))).toEqual({ webhooks: ['Expected a list of items but got type "dict".'] });
  });

  it('refuses a body that is not an object', () => {
    expect(refusal(json([{ name: 'p' }]))).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    expect(refusal(json('p'))).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] });
    expect(refusal(json(3))).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] });
  });

  it('treats an empty body as an empty object', () => {
    expect(refusal({ kind: 'none' })).toEqual({ name: ['This field is required.'] });
  });

  it('merges errors found while reading the body', () => {
    expect(refusal(json({ name: 'p' }), { upload_file: ['The submitted file is empty.'] })).toEqual({ upload_file: ['The submitted file is empty.'] });
  });
});

describe('webhook secrets', () => {
  const refuseHook = (body: ParsedBody) => refusal(body, undefined, addWebhook);

  it('accepts no secret, null, or 16 to 200 characters, in JSON and form data', () => {
    expect(addWebhook(json({ target_url: 'https://h/x' }))).toEqual({ target_url: 'https://h/x' });
    expect(addWebhook(json({ target_url: 'https://h/x', secret: null }))).toEqual({ target_url: 'https://h/x', secret: null });
    expect(addWebhook(json({ target_url: 'https://h/x', secret: 's'.repeat(16) })).secret).toBe('s'.repeat(16));
    expect(addWebhook(json({ target_url: 'https://h/x', secret: 's'.repeat(200) })).secret).toBe('s'.repeat(200));
    expect(addWebhook(form({ target_url: ['https://h/x'], secret: ['  spaces are kept  '] })).secret).toBe('  spaces are kept  ');
  });

  it.each([
    [{ target_url: 'https://h/x', secret: 'short' }, { secret: ['Ensure this field has at least 16 characters.'] }],
    [{ target_url: 'https://h/x', secret: 's'.repeat(201) }, { secret: ['Ensure this field has no more than 200 characters.'] }],
    [{ target_url: 'https://h/x', secret: '' }, { secret: ['This field may not be blank.'] }],
    [{ target_url: 'https://h/x', secret: 1234567890123456 }, { secret: ['Not a valid string.'] }],
    [{ target_url: 'https://h/x', secret: ['s'.repeat(16)] }, { secret: ['Not a valid string.'] }],
    [{ secret: 'short' }, { target_url: ['This field is required.'], secret: ['Ensure this field has at least 16 characters.'] }],
  ])('add_webhook refuses %j', (body, errors) => {
    expect(refuseHook(json(body))).toEqual(errors);
  });

  it('checks the secret of each webhooks entry at creation, form entries included', () => {
    expect(refusal(json({ name: 'p', webhooks: [{ target_url: 'https://h/a', secret: 's'.repeat(16) }, { target_url: 'https://h/b', secret: 'short' }] }))).toEqual({
      webhooks: [{}, { secret: ['Ensure this field has at least 16 characters.'] }],
    });
    expect(refusal(form({ name: ['p'], webhooks: ['{"target_url":"https://h/a","secret":7}'] }))).toEqual({ webhooks: [{ secret: ['Not a valid string.'] }] });
  });

  it('refuses unknown keys inside webhooks entries, merged with the other errors of the entry', () => {
    expect(refusal(json({ name: 'p', webhooks: [{ target_url: 'https://h/a', secrets: 's'.repeat(16) }, { target_url: 'bad', typo: 1 }, { target_url: 'https://h/c' }, 3] }))).toEqual({
      webhooks: [
        { secrets: ['This field is not allowed.'] },
        { target_url: ['Enter a valid URL.'], typo: ['This field is not allowed.'] },
        {},
        { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] },
      ],
    });
  });

  it('refuses an unknown add_webhook field such as secrets', () => {
    expect(refuseHook(json({ target_url: 'https://h/x', secrets: 's'.repeat(16) }))).toEqual({ secrets: ['This field is not allowed.'] });
  });
});
