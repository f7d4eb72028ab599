import { IsOptional, IsString } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

export class ReportingConfig extends CommonConfig {
  /** Internal HTTP port: results and downloads streamed to the gateway, health and metrics. */
  @IntSetting(0, 65535)
  REPORTING_PORT = 8031;

  @IsString()
  REPORTING_HOST = '127.0.0.1';

  /**
   * ScanCode.io's SCANCODEIO_POLICIES_FILE: the service-wide policies, used when a project has
   * none of its own. Loaded and validated at start; a bad file stops the service. Unset = none.
   */
  @IsOptional()
  @IsString()
  POLICIES_FILE?: string;
}
