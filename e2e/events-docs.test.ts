import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateSecret, signatureHeaders } from '../api/src/areas/events/delivery/signature.ts';

const exec = promisify(execFile);

/** The Python verification recipe of docs/events.md, run as written against Plinth's own signatures. */
describe('docs/events.md: verifying a signature in Python', () => {
  const doc = readFileSync(new URL('../docs/events.md', import.meta.url), 'utf8');
  const recipe = /```python\n([\s\S]*?)```/.exec(doc)?.[1];

  const verify = async (secret: string, headers: Record<string, string>, body: string) => {
    const driver = `${recipe}
import json, sys
args = json.loads(sys.stdin.read())
print("ok" if verify(args["secret"], args["headers"], args["body"].encode()) else "refused")
`;
    const child = exec('python3', ['-c', driver]);
    child.child.stdin!.end(JSON.stringify({ secret, headers, body }));
    return (await child).stdout.trim();
  };

  it('accepts a delivery signed with the secret, during a rotation with either secret', async () => {
    expect(recipe).toBeDefined();
    const [current, previous] = [generateSecret(), generateSecret()];
    const body = JSON.stringify({ transaction: 't', labels: { 'svc.event.level': 'Info' } });
    const headers = signatureHeaders({
      id: 'evt_1',
      timestamp: new Date(),
      body,
      secrets: [current, previous],
    });
    expect(await verify(current, { ...headers }, body)).toBe('ok');
    expect(await verify(previous, { ...headers }, body)).toBe('ok');
  });

  it('refuses another secret, a changed body and an old timestamp', async () => {
    const secret = generateSecret();
    const body = '{"a":1}';
    const headers = signatureHeaders({ id: 'evt_2', timestamp: new Date(), body, secrets: [secret] });
    expect(await verify(generateSecret(), { ...headers }, body)).toBe('refused');
    expect(await verify(secret, { ...headers }, '{"a":2}')).toBe('refused');
    const old = signatureHeaders({
      id: 'evt_3',
      timestamp: new Date(Date.now() - 600_000),
      body,
      secrets: [secret],
    });
    expect(await verify(secret, { ...old }, body)).toBe('refused');
  });
});
