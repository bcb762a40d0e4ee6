import { Writable } from 'node:stream';
import { createLogger } from '../core/logger.ts';
import type { Logger } from '../core/logger.ts';

/** A real pino logger whose JSON lines are kept in memory, for asserting what gets logged. */
export function capturedLogger(level: 'info' | 'debug' = 'info'): {
  logger: Logger;
  lines: string[];
  text(): string;
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines, text: () => lines.join('\n') };
}
