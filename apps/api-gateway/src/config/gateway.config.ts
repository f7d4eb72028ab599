import { Transform } from 'class-transformer';
import { IsBoolean, IsString, Matches } from 'class-validator';
import { CommonConfig, IntSetting, parseBool } from '@sca/config';

export class GatewayConfig extends CommonConfig {
  @IntSetting(0, 65535)
  PORT = 8001;

  @IsString()
  HOST = '0.0.0.0';

  /** SCANCODEIO_REQUIRE_AUTHENTICATION: every API call needs `Authorization: Token <key>`. */
  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  SERVICE_REQUIRE_AUTHENTICATION = false;

  @IntSetting(1, 10_000)
  REST_API_PAGE_SIZE = 50;

  /** Largest upload accepted, in bytes (ScanCode.io's nginx allows 10 GB). */
  @IntSetting(1)
  MAX_UPLOAD_BYTES = 10 * 1024 ** 3;

  /** Largest JSON or form body, and the non-file fields of a multipart body together (Django's default is 2.5 MB). */
  @IntSetting(1024)
  MAX_BODY_BYTES = 2_621_440;

  /**
   * A request body (an upload above all) is cut when no byte arrives for this long: 408, and the
   * upload is aborted. There is no total time limit, so slow links can finish large files. Twice
   * nginx's client_body_timeout (60 s), because time spent waiting for storage counts as idle too.
   */
  @IntSetting(1)
  UPLOAD_IDLE_TIMEOUT_SECONDS = 120;

  /** project-store's internal HTTP address, for the streamed record lists. */
  @IsString()
  @Matches(/^https?:\/\//)
  PROJECT_STORE_URL = 'http://127.0.0.1:8011';

  /** reporting's internal HTTP address, for results, downloads, the report and compliance. */
  @IsString()
  @Matches(/^https?:\/\//)
  REPORTING_URL = 'http://127.0.0.1:8031';

  @IntSetting(100)
  RPC_TIMEOUT_MS = 15_000;

  /** How long a generated download (XLSX, SBOM, zip) may take before its first byte. */
  @IntSetting(1000)
  DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

  /** Honour X-Forwarded-Proto/Host when building absolute URLs behind a proxy. */
  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  TRUST_PROXY = false;
}
