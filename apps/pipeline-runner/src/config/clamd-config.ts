import { Transform } from 'class-transformer';
import { IsBoolean, IsString, ValidateBy } from 'class-validator';
import { CommonConfig, IntSetting, parseBool } from '@sca/config';
import type { ClamdSettings } from '@sca/pipelines';
import { CLAMD_DEFAULT_STREAM_MAX_LENGTH, parseClamdSize, parseClamdTcpAddress } from '@sca/scanner';

function parses(parse: (value: string) => unknown, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

function IsClamdTcpAddress(): PropertyDecorator {
  return ValidateBy({
    name: 'isClamdTcpAddress',
    validator: { validate: (value) => parses(parseClamdTcpAddress, value), defaultMessage: (args) => `${args?.property} must be a host or host:port (port 1-65535)` },
  });
}

/** Bytes, or clamd.conf's `25M` / `512K`: read here into a number, so a bad value names itself. */
function ClamdSizeSetting(): PropertyDecorator {
  const decorators = [
    Transform(({ value }) => (parses(parseClamdSize, value) ? parseClamdSize(value as string) : value)),
    ValidateBy({
      name: 'isClamdSize',
      validator: { validate: (value) => Number.isSafeInteger(value) && (value as number) > 0, defaultMessage: (args) => `${args?.property} must be a size in bytes, or a number followed by K or M as in clamd.conf` },
    }),
  ];
  return (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };
}

/**
 * Where the scan_for_virus pipeline finds clamd (ScanCode.io's CLAMD_USE_TCP and CLAMD_TCP_ADDR,
 * plus what a remote clamd needs: the stream limit, connections, timeout and retries). A layer of
 * the runner's config (RunnerConfig extends it), kept apart to keep each file to one concern.
 */
export class ClamdConfig extends CommonConfig {
  /** clamd over TCP at CLAMD_TCP_ADDR (ScanCode.io's default), or over the Unix socket CLAMD_SOCKET. */
  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  CLAMD_USE_TCP = true;

  /** `host` or `host:port`; the port defaults to clamd's 3310 (docker-compose's `clamav` service). */
  @IsClamdTcpAddress()
  CLAMD_TCP_ADDR = 'clamav';

  /** clamd's LocalSocket (Debian's path by default), used when CLAMD_USE_TCP is false. */
  @IsString()
  CLAMD_SOCKET = '/var/run/clamav/clamd.ctl';

  /**
   * clamd sees the runner's RUNNER_WORK_DIR at the same path (one host, or a shared volume): it
   * opens the files itself (CONTSCAN). Otherwise (the default) their bytes are streamed (INSTREAM).
   */
  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  CLAMD_SHARED_FILESYSTEM = false;

  /**
   * clamd's StreamMaxLength (clamd's default 25M; keep it at or under clamd's MaxFileSize).
   * Larger files are not sent and get a warning: clamd would refuse them, or skip them as clean.
   */
  @ClamdSizeSetting()
  CLAMD_STREAM_MAX_LENGTH = CLAMD_DEFAULT_STREAM_MAX_LENGTH;

  /** Files scanned at once, one connection each (keep it at or under clamd's MaxThreads). */
  @IntSetting(1, 64)
  CLAMD_CONNECTIONS = 4;

  /** A clamd command is given up after this long without a byte either way (clamd's MaxScanTime is 120 s). */
  @IntSetting(1)
  CLAMD_TIMEOUT_SECONDS = 150;

  /** Attempts after the first when the connection to clamd breaks; then the run fails, naming clamd. */
  @IntSetting(0, 20)
  CLAMD_RETRIES = 3;

  /** The wait before the first retry, doubled at each further one (1 s, 2 s, 4 s by default). */
  @IntSetting(1)
  CLAMD_RETRY_DELAY_MS = 1000;
}

export function clamdSettings(config: ClamdConfig): ClamdSettings {
  return {
    address: config.CLAMD_USE_TCP ? { kind: 'tcp', ...parseClamdTcpAddress(config.CLAMD_TCP_ADDR) } : { kind: 'unix', path: config.CLAMD_SOCKET },
    sharedFilesystem: config.CLAMD_SHARED_FILESYSTEM,
    streamMaxLength: config.CLAMD_STREAM_MAX_LENGTH,
    connections: config.CLAMD_CONNECTIONS,
    timeoutSeconds: config.CLAMD_TIMEOUT_SECONDS,
    retries: config.CLAMD_RETRIES,
    retryDelayMs: config.CLAMD_RETRY_DELAY_MS,
  };
}
