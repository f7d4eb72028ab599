import { request, type ClientRequest } from 'node:http';

const BOUNDARY = '----scanworks-e2e-raw';
const CHUNK = Buffer.alloc(1024 * 1024, 'scan');

export interface RawAnswer {
  status: number;
  body: string;
}

/** The multipart parts before the file's bytes: the fields, then the `upload_file` part header. */
export function multipartHead(fields: [string, string][], filename: string | null): Buffer {
  let head = fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  if (filename !== null) head += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload_file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.from(head);
}

const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function drainedOrClosed(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

export interface RawUpload {
  req: ClientRequest;
  /** Resolves with the answer; rejects when the connection ends without one. */
  answer: Promise<RawAnswer>;
  /** Writes `bytes` more bytes of the file (1 MiB chunks), respecting backpressure. */
  send(bytes: number): Promise<void>;
  /** Writes the closing boundary. */
  finish(): void;
}

/**
 * A multipart POST written by hand, so that a test can stop half way, pause, or cut the
 * connection. Content-Length announces `fileSize` bytes of file after `head`.
 */
export function rawUpload(url: string, head: Buffer, fileSize: number): RawUpload {
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + fileSize + TAIL.length },
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  req.write(head);
  return {
    req,
    answer,
    async send(bytes: number) {
      for (let sent = 0; sent < bytes; sent += CHUNK.length) {
        if (req.destroyed) return;
        const ok = req.write(CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent)));
        if (!ok) await drainedOrClosed(req);
      }
    },
    finish() {
      req.end(TAIL);
    },
  };
}
