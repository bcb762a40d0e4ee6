import { Writable } from 'node:stream';
import { createLogger } from '../runtime/logger.ts';
import type { Logger } from '../runtime/logger.ts';

/** A debug logger whose lines the test reads back, parsed, and as the raw text. */
export function captureLogs(): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
} {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    logger: createLogger('debug', destination),
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => text,
  };
}
