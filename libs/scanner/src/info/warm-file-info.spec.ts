import { fromBytes } from './content-hashes';
import { fileInfoFromContent } from './file-info';
import { MAGIC_HEAD_BYTES } from './magic-detector';
import { warmFileInfo, warmSamples } from './warm-file-info';

describe('warmFileInfo', () => {
  it('takes file info through libmagic\'s JSON test, the text rules, soft magic and binary formats', async () => {
    const kinds = new Set<string>();
    for (const [name, bytes] of warmSamples(3)) {
      const info = await fileInfoFromContent(name, fromBytes(bytes, { contentLimit: bytes.length, headBytes: MAGIC_HEAD_BYTES, hash: true }));
      kinds.add(`${info.mime_type} ${info.is_binary ? 'binary' : 'text'}`);
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining([
      'application/json text', 'text/javascript text', 'text/plain text', 'image/png binary', 'application/x-sharedlib binary', 'text/x-shellscript text',
    ]));
  });

  it('gives every round its own content, so libmagic\'s answers are computed, not recalled', () => {
    const digests = (round: number) => warmSamples(round).map(([, bytes]) => fromBytes(bytes, { contentLimit: 0, headBytes: 16, hash: true }).hashes.sha256);
    const first = digests(0);
    expect(digests(1).filter((d) => first.includes(d))).toEqual([]);
  });

  it('runs the rounds asked for', async () => {
    await expect(warmFileInfo(2)).resolves.toBeUndefined();
  });
});
