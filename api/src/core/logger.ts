import { pino } from 'pino';
import type { DestinationStream, Logger, LevelWithSilent } from 'pino';

export type { Logger };

/**
 * Paths pino censors wherever they appear in a logged object. The access log never records
 * headers or bodies at all; this list is the second line of defence for anything logged by hand.
 */
export const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'secret_access_key',
  '*.secret_access_key',
  'secretKey',
  '*.secretKey',
  'apiKey',
  '*.apiKey',
  'encryptionKey',
  '*.encryptionKey',
  'jwtSigningKey',
  '*.jwtSigningKey',
  'DATABASE_URL',
  'databaseUrl',
  '*.databaseUrl',
];

/** Structured JSON logs on stdout (or `destination` in tests), secrets censored. */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'plinth-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    },
    destination,
  );
}
