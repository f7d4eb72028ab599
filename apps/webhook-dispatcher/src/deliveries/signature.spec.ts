import { createHmac } from 'node:crypto';
import { BodySigner, signBody } from './signature';

describe('webhook signatures', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>." and the body, as a receiver recomputes it', () => {
    const body = '{"project":{"name":"x"}}';
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signBody('whsec_test', body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('gives the same signature when the body is signed in chunks', () => {
    const signer = new BodySigner('k', 42);
    for (const chunk of ['{"a":', '1,', '"b":2}']) signer.update(chunk);
    expect(signer.header()).toBe(signBody('k', '{"a":1,"b":2}', 42));
  });

  it('changes with the secret and the timestamp', () => {
    expect(signBody('k1', 'x', 1)).not.toBe(signBody('k2', 'x', 1));
    expect(signBody('k', 'x', 1)).not.toBe(signBody('k', 'x', 2));
  });
});
