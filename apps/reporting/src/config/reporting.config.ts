import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { CommonConfig, parseIntStrict } from '@sca/config';

export class ReportingConfig extends CommonConfig {
  /** Internal HTTP port for health and metrics. */
  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(0)
  @Max(65535)
  REPORTING_PORT = 8031;

  @IsString()
  REPORTING_HOST = '127.0.0.1';
}
