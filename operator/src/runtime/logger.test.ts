import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger as createApiLogger } from '../../../api/src/core/logger.ts';
import { createLogger } from './logger.ts';

/** One logged line, parsed, from a logger writing to `make`'s destination. */
function lineOf(make: (destination: Writable) => { info: (obj: object, msg: string) => void }) {
  let out = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  make(destination).info({ token: 'pls_secret' }, 'hello');
  return JSON.parse(out) as Record<string, unknown>;
}

describe('the operator log', () => {
  it("has the API's shape: level names, ISO times, the service's name, the same censoring", () => {
    const operator = lineOf((d) => createLogger('info', d));
    const api = lineOf((d) => createApiLogger('info', d));
    expect(operator).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'plinth-operator',
      token: '[REDACTED]',
      msg: 'hello',
    });
    expect(Object.keys(operator)).toEqual(Object.keys(api));
    expect({ ...api, time: operator.time, service: 'plinth-operator' }).toEqual(operator);
  });
});
