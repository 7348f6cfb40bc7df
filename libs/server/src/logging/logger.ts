import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config';

/** Paths whose values never reach a log line, whatever logs them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.code',
  'password',
  'token',
];

export function createLogger(config: Pick<AppConfig, 'log' | 'app'>, service: string): Logger {
  return pino({
    level: config.log.level,
    base: { service, version: config.app.version },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
