import { pino } from 'pino';
import type { DestinationStream, Logger, LevelWithSilent } from 'pino';

/**
 * The operator's JSON logs on stdout (or `destination` in tests), secrets censored: the API's shape
 * (api/src/core/logger.ts; the image holds no API file), so one query reads both.
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'plinth-operator' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'apiToken',
          '*.apiToken',
          'data',
          '*.data',
        ],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}
