import { chunkHeader, ClamdProtocolError, encodeCommand, INSTREAM_END, parseScanReply, parseVersionReply, splitReplies } from './clamd-protocol';

describe('encodeCommand', () => {
  it('sends z-prefixed, NUL-terminated commands, with the argument after one space', () => {
    expect(encodeCommand('VERSION').toString('latin1')).toBe('zVERSION\0');
    expect(encodeCommand('CONTSCAN', '/runs/a b/ünï\ncode.txt')).toEqual(Buffer.from('zCONTSCAN /runs/a b/ünï\ncode.txt\0', 'utf8'));
  });

  it('refuses what clamd would read as another command or as nothing', () => {
    expect(() => encodeCommand('CONTSCAN', '/a\0/b')).toThrow(ClamdProtocolError);
    expect(() => encodeCommand('CONTSCAN', '')).toThrow(/non-empty/);
    expect(() => encodeCommand('scan')).toThrow(/Not a clamd command/);
    expect(() => encodeCommand('PING\0VERSION')).toThrow(ClamdProtocolError);
  });
});

describe('INSTREAM framing', () => {
  it('precedes each chunk by its length, 4 bytes big-endian, and ends with a zero length', () => {
    expect(chunkHeader(1)).toEqual(Buffer.from([0, 0, 0, 1]));
    expect(chunkHeader(65536)).toEqual(Buffer.from([0, 1, 0, 0]));
    expect(chunkHeader(0xffffffff)).toEqual(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    expect(INSTREAM_END).toEqual(Buffer.from([0, 0, 0, 0]));
  });

  it('never frames an empty chunk (it would end the stream) nor one longer than 32 bits', () => {
    expect(() => chunkHeader(0)).toThrow(/Invalid INSTREAM chunk length 0/);
    expect(() => chunkHeader(2 ** 32)).toThrow(ClamdProtocolError);
    expect(() => chunkHeader(1.5)).toThrow(ClamdProtocolError);
  });
});

describe('splitReplies', () => {
  it('splits on NUL and keeps an unterminated tail apart', () => {
    const { replies, rest } = splitReplies(Buffer.from('/a: OK\0/b: Eicar FOUND\0/c: partial', 'utf8'));
    expect(replies).toEqual(['/a: OK', '/b: Eicar FOUND']);
    expect(rest.toString()).toBe('/c: partial');
    expect(splitReplies(Buffer.alloc(0))).toEqual({ replies: [], rest: Buffer.alloc(0) });
  });

  it('decodes UTF-8 paths whole', () => {
    expect(splitReplies(Buffer.from('/tmp/ünï cödé.txt: OK\0', 'utf8')).replies).toEqual(['/tmp/ünï cödé.txt: OK']);
  });
});

describe('parseScanReply', () => {
  it('reads OK, FOUND with its signature, and Excluded', () => {
    expect(parseScanReply('stream: OK', 'stream')).toEqual({ status: 'OK' });
    expect(parseScanReply('stream: Win.Test.EICAR_HDB-1 FOUND', 'stream')).toEqual({ status: 'FOUND', signature: 'Win.Test.EICAR_HDB-1' });
    expect(parseScanReply('/c/x.zip: Test.EICAR.UNOFFICIAL FOUND', '/c/x.zip')).toEqual({ status: 'FOUND', signature: 'Test.EICAR.UNOFFICIAL' });
    expect(parseScanReply('/c/skip: Excluded', '/c/skip')).toEqual({ status: 'EXCLUDED' });
  });

  it('keeps the extended detection info clamd may add to a signature', () => {
    expect(parseScanReply('stream: Eicar-Signature(44d88612fea8a8f36de82e1278abb02f:68) FOUND', 'stream')).toEqual({
      status: 'FOUND',
      signature: 'Eicar-Signature(44d88612fea8a8f36de82e1278abb02f:68)',
    });
  });

  it('takes the path from what was sent, so a path holding ": " or " FOUND" is not misread', () => {
    const path = '/c/odd: name FOUND';
    expect(parseScanReply(`${path}: OK`, path)).toEqual({ status: 'OK' });
    expect(parseScanReply('/c/a: b: Sig.One FOUND', '/c/a: b')).toEqual({ status: 'FOUND', signature: 'Sig.One' });
    expect(parseScanReply('/c/a: b: lstat() failed: No such file or directory. ERROR', '/c/a: b')).toEqual({
      status: 'ERROR',
      message: 'lstat() failed: No such file or directory.',
    });
  });

  it('reads an error about the command itself, which names no path', () => {
    expect(parseScanReply('INSTREAM size limit exceeded. ERROR', 'stream')).toEqual({ status: 'ERROR', message: 'INSTREAM size limit exceeded.' });
    expect(parseScanReply(' ERROR', 'stream')).toEqual({ status: 'ERROR', message: 'clamd gave no reason' });
  });

  it('refuses anything else, saying what came', () => {
    expect(() => parseScanReply('UNKNOWN COMMAND', 'stream')).toThrow('Unexpected clamd reply to a scan of stream: "UNKNOWN COMMAND"');
    expect(() => parseScanReply('stream: two words FOUND', 'stream')).toThrow(ClamdProtocolError);
    expect(() => parseScanReply('other: OK', 'stream')).toThrow(ClamdProtocolError);
    expect(() => parseScanReply('stream: FOUND', 'stream')).toThrow(ClamdProtocolError);
    expect(() => parseScanReply('', 'stream')).toThrow(ClamdProtocolError);
  });
});

describe('parseVersionReply', () => {
  it('reads the engine and, when there is one, the official database version and date', () => {
    expect(parseVersionReply('ClamAV 1.4.6/27472/Tue Nov 25 08:35:37 2026')).toEqual({
      text: 'ClamAV 1.4.6/27472/Tue Nov 25 08:35:37 2026',
      engine: '1.4.6',
      databaseVersion: 27472,
      databaseDate: 'Tue Nov 25 08:35:37 2026',
    });
    expect(parseVersionReply('ClamAV 1.4.6\n')).toEqual({ text: 'ClamAV 1.4.6', engine: '1.4.6', databaseVersion: null, databaseDate: null });
  });

  it('refuses a reply that is not a ClamAV version', () => {
    expect(() => parseVersionReply('UNKNOWN COMMAND')).toThrow('Unexpected clamd reply to VERSION: "UNKNOWN COMMAND"');
    expect(() => parseVersionReply('ClamAV')).toThrow(ClamdProtocolError);
    expect(() => parseVersionReply('ClamAV 1.4.6/x/y')).toThrow(ClamdProtocolError);
  });
});
