import { pino } from 'pino';
import type { DestinationStream, Logger, LevelWithSilent } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout (or `destination` in tests) in the API's and the operator's shape, so one
 * query reads all three. The token never reaches a log call; the censored paths are a second line
 * of defence for anything logged by hand.
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'plinth-agent' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: ['token', '*.token', 'authorization', '*.authorization', 'headers', '*.headers'],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}
