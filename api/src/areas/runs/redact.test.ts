import { describe, expect, it } from 'vitest';
import { commandLine, redactCommand, redactSnapshot, snapshotId } from './redact.ts';

describe('redaction', () => {
  it('keeps the names of secret-looking flags and variables, not their values', () => {
    expect(redactCommand('deploy --password=hunter2 --env prod')).toBe('deploy --password=*** --env prod');
    expect(redactCommand('deploy --token abc --api-key=k -p pw')).toBe(
      'deploy --token *** --api-key=*** -p ***',
    );
    expect(redactCommand('AWS_SECRET_ACCESS_KEY=xyz run')).toBe('AWS_SECRET_ACCESS_KEY=*** run');
    expect(redactCommand('deploy --dry-run --verbose')).toBe('deploy --dry-run --verbose');
    expect(redactCommand("run --secret 'two words'")).toBe('run --secret ***');
  });

  it('quotes argv as a shell would read it back', () => {
    expect(commandLine(['/bin/sh', '-c', "echo 'hi'"])).toBe(`/bin/sh -c 'echo '\\''hi'\\'''`);
  });

  it('redacts secret-looking keys and every header value in the snapshot', () => {
    const snap = redactSnapshot({
      blocks: [{ name: 'app', variables: { DB_PASSWORD: 'x', REGION: 'eu' } }],
      events: { handler: 'webhook', headers: { 'X-Team': 'a' } },
      api_token: 't',
    });
    expect(snap).toEqual({
      blocks: [{ name: 'app', variables: { DB_PASSWORD: '***', REGION: 'eu' } }],
      events: { handler: 'webhook', headers: { 'X-Team': '***' } },
      api_token: '***',
    });
  });

  it('gives equal configurations the same snapshot ID, whatever the key order', () => {
    expect(snapshotId({ a: 1, b: { c: 2, d: 3 } })).toBe(snapshotId({ b: { d: 3, c: 2 }, a: 1 }));
    expect(snapshotId({ a: 1 })).not.toBe(snapshotId({ a: 2 }));
  });
});
