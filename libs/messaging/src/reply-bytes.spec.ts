import { replyBytes } from './reply-bytes';

const body = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('replyBytes', () => {
  it('cuts the data of an ok envelope out as its JSON text, unparsed', () => {
    const data = { count: 2, results: [{ name: 'a "quoted" }' }, { name: 'b' }], next: null };
    const reply = replyBytes(body({ ok: true, data }));
    expect(reply?.ok).toBe(true);
    expect(reply?.ok && reply.data.toString()).toBe(JSON.stringify(data));
    expect(replyBytes(body({ ok: true, data: 'text' }))).toEqual({ ok: true, data: Buffer.from('"text"') });
    expect(replyBytes(body({ ok: true, data: {} }))).toEqual({ ok: true, data: Buffer.from('{}') });
  });

  it('parses what another encoder wrote, and a reply without data', () => {
    expect(replyBytes(Buffer.from('{ "ok": true, "data": [1, 2] }'))).toEqual({ ok: true, data: Buffer.from('[1,2]') });
    expect(replyBytes(Buffer.from('{"data":[1],"ok":true}'))).toEqual({ ok: true, data: Buffer.from('[1]') });
    expect(replyBytes(body({ ok: true }))).toEqual({ ok: true, data: Buffer.from('null') });
  });

  it('answers errors as errors, and nothing for a body that is no envelope', () => {
    expect(replyBytes(body({ ok: false, error: { code: 'not_found', message: 'No Project matches the given query.' } }))).toEqual({
      ok: false, error: { code: 'not_found', message: 'No Project matches the given query.' },
    });
    expect(replyBytes(Buffer.from('not json'))).toBeUndefined();
    expect(replyBytes(body([1, 2]))).toBeUndefined();
  });
});
