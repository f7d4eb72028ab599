/** Where clamd listens: a TCP host and port, or a Unix socket on this host. */
export type ClamdAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'unix'; path: string };

/** clamd's TCPSocket default, and the port python-clamd (ScanCode.io) assumes. */
export const CLAMD_DEFAULT_PORT = 3310;

/** clamd's StreamMaxLength default (`25M`): the largest INSTREAM it accepts. */
export const CLAMD_DEFAULT_STREAM_MAX_LENGTH = 25 * 1024 * 1024;

export class ClamdSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClamdSettingError';
  }
}

/**
 * `host`, `host:port`, `[v6]` or `[v6]:port` (ScanCode.io's CLAMD_TCP_ADDR is a host name; the
 * port defaults to clamd's 3310). Anything else is refused with the reason.
 */
export function parseClamdTcpAddress(value: string): { host: string; port: number } {
  const text = value.trim();
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d+))?$/.exec(text);
  const plain = /^([A-Za-z0-9.-]+)(?::(\d+))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) throw new ClamdSettingError(`"${value}" is not a host or host:port`);
  const port = match[2] === undefined ? CLAMD_DEFAULT_PORT : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ClamdSettingError(`"${value}" has no valid port (1-65535)`);
  return { host: match[1], port };
}

/**
 * A size as clamd.conf writes it: bytes, or a number with a K or M suffix (`25M`), so that an
 * operator can copy clamd's StreamMaxLength as it is.
 */
export function parseClamdSize(value: string): number {
  const match = /^(\d+)([kKmM]?)$/.exec(value.trim());
  if (!match) throw new ClamdSettingError(`"${value}" is not a size (bytes, or a number followed by K or M as in clamd.conf)`);
  const unit = match[2].toLowerCase() === 'm' ? 1024 * 1024 : match[2].toLowerCase() === 'k' ? 1024 : 1;
  const size = Number(match[1]) * unit;
  if (!Number.isSafeInteger(size) || size < 1) throw new ClamdSettingError(`"${value}" is not a positive size`);
  return size;
}

/** How messages name clamd: `clamd at tcp://clamav:3310`, `clamd at unix:/run/clamav/clamd.ctl`. */
export function describeClamd(address: ClamdAddress): string {
  if (address.kind === 'unix') return `clamd at unix:${address.path}`;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `clamd at tcp://${host}:${address.port}`;
}
