import { describe, expect, it } from 'vitest';
import { captureLogs } from '../test/log-capture.ts';

describe('the agent log', () => {
  it("has the API's shape and censors a token logged by mistake", () => {
    const logs = captureLogs();
    logs.logger.info({ token: 'pla_secret', req: { headers: { authorization: 'Bearer x' } } }, 'hello');
    expect(logs.lines()[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      service: 'plinth-agent',
      token: '[REDACTED]',
      req: { headers: '[REDACTED]' },
      msg: 'hello',
    });
    expect(logs.text()).not.toContain('pla_secret');
  });
});
