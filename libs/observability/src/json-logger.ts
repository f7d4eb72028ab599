import { ConsoleLogger, LogLevel } from '@nestjs/common';

const LEVELS: Record<string, LogLevel[]> = {
  debug: ['debug', 'log', 'warn', 'error', 'fatal'],
  info: ['log', 'warn', 'error', 'fatal'],
  warn: ['warn', 'error', 'fatal'],
  error: ['error', 'fatal'],
};

/** Structured JSON logs (one object per line) or readable text, at the configured level. */
export function createLogger(service: string, level: string, json: boolean): ConsoleLogger {
  return new ConsoleLogger(service, { json, logLevels: LEVELS[level] ?? LEVELS.info, colors: !json });
}
