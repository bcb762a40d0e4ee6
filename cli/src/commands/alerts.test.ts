import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, EXIT } from '../errors.ts';
import { buildProgram } from '../program.ts';
import { ackCell, stateCell, subjectCell } from './alerts.ts';

const ID = '00000000-0000-4000-8000-000000000001';

/** Runs `plinth <args…>` in this process and returns what it threw. */
async function failureOf(args: string[]): Promise<unknown> {
  const program = buildProgram();
  const quiet = (command: typeof program) => {
    command.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
    command.commands.forEach(quiet);
  };
  quiet(program);
  return program.parseAsync(['node', 'plinth', ...args]).then(
    () => new Error('no failure'),
    (err: unknown) => err,
  );
}

describe('alerts list: the cells', () => {
  it('paints a firing alert red when critical, yellow when a warning, a resolved one green', () => {
    expect(stateCell({ state: 'firing', severity: 'critical' }, true)).toBe('\x1b[31mfiring\x1b[0m');
    expect(stateCell({ state: 'firing', severity: 'warning' }, true)).toBe('\x1b[33mfiring\x1b[0m');
    expect(stateCell({ state: 'firing', severity: 'info' }, true)).toBe('firing');
    expect(stateCell({ state: 'resolved', severity: 'critical' }, true)).toBe('\x1b[32mresolved\x1b[0m');
    expect(stateCell({ state: 'firing', severity: 'critical' }, false)).toBe('firing');
  });

  it('names the subject by its label, or its ID', () => {
    expect(subjectCell({ subject: { kind: 'endpoint', id: ID }, labels: { endpoint: 'shop' } })).toBe(
      'endpoint/shop',
    );
    expect(subjectCell({ subject: { kind: 'agent', id: ID }, labels: {} })).toBe(`agent/${ID}`);
  });

  it('says who acknowledged it while the acknowledgement is in force', () => {
    const ack = {
      id: ID,
      user: ID,
      username: 'alice',
      comment: 'on it',
      created_at: '2026-05-01T10:00:00.000Z',
      until: null,
      ended_at: null,
      end_reason: null,
    };
    expect(ackCell({ acknowledged: true, acknowledgement: ack })).toBe('yes (alice)');
    expect(ackCell({ acknowledged: true, acknowledgement: { ...ack, username: null } })).toBe('yes');
    expect(ackCell({ acknowledged: false, acknowledgement: null })).toBeNull();
  });
});

describe('alerts: bad flags are usage errors before any request', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [['alerts', 'ack', ID, '--comment', 'on it', '--until', 'soon'], /^--until takes an RFC 3339 time/],
    [['alerts', 'ack', ID, '--comment', 'on it', '--until', '2020-01-01T00:00:00Z'], /has passed/],
    [['alerts', 'ack', ID, '--comment', 'on it', '--until', '45d'], /at most 30 days ahead/],
    [['alerts', 'ack', ID, '--comment', ' '], /^--comment says why/],
    [
      ['alerts', 'ack', 'EndpointDown', '--comment', 'on it'],
      /^An alert is named by its ID \(a UUID\): see `plinth alerts list`\.$/,
    ],
    [['alerts', 'list', '--acknowledged', '--unacknowledged'], /exclude each other/],
    [['alerts', 'list', '-A', '--org', 'acme'], /^-A lists every alert/],
    [['alerts', 'list', '--endpoint', 'shop'], /^An endpoint is named by its ID/],
  ])('plinth %j', async (args, message) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const err = await failureOf(args);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.usage);
    expect((err as CliError).message).toMatch(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks --state, --window and a missing --comment on the command line', async () => {
    for (const args of [
      ['alerts', 'list', '--state', 'open'],
      ['endpoints', 'stats', ID, '--window', '2h'],
      ['alerts', 'ack', ID],
    ])
      expect(await failureOf(args)).toMatchObject({ code: expect.stringMatching(/^commander\./) });
  });
});
