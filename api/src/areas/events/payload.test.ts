import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eventFor, eventJson, eventPayload, eventYaml, isoWithOffset, levelOf } from './payload.ts';
import type { RunFacts } from './payload.ts';

const FACTS: RunFacts = {
  transaction: '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e',
  workspace: 'production',
  block: 'app',
  action: 'deploy',
  command: 'deploy --token=***',
  userEmail: 'alice@example.com',
  userName: 'Alice Example',
  date: new Date('2026-11-26T04:30:00.000Z'),
  version: '0.1.0',
  status: 'stopped',
  exitCode: 0,
  workflow: null,
  step: null,
  snapshotId: 'sha256:00',
};
const HANDLER = {
  handler: 'webhook',
  name: 'webhook',
  endpoint: 'https://hooks.example.com/plinth',
  headers: { Authorization: 'Bearer s3cret' },
  timeout: '10s',
};

describe('the event', () => {
  it('has every field of the golden file, in its order, with the flat label keys', () => {
    const golden = readFileSync(new URL('./golden-event.yml', import.meta.url), 'utf8');
    const event = eventFor(eventPayload(FACTS), HANDLER);
    expect(eventYaml(event)).toBe(golden);
    const labels = (parse(golden) as { labels: Record<string, string> }).labels;
    expect(Object.keys(labels)).toEqual(['svc.event.class', 'svc.event.level']);
  });

  it('keeps that order whatever order the stored payload came back in (jsonb sorts keys)', () => {
    const golden = readFileSync(new URL('./golden-event.yml', import.meta.url), 'utf8');
    const shuffled = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
    const payload = eventPayload(FACTS);
    const event = eventFor(
      shuffled({ ...payload, labels: shuffled(payload['labels'] as Record<string, unknown>) }),
      shuffled(HANDLER),
    );
    expect(eventYaml(event)).toBe(golden);
  });

  it('never carries a header value, and JSON and YAML say the same', () => {
    const event = eventFor(eventPayload(FACTS), HANDLER);
    expect(eventJson(event)).not.toContain('s3cret');
    expect(eventYaml(event)).not.toContain('s3cret');
    expect(parse(eventYaml(event))).toEqual(JSON.parse(eventJson(event)));
  });

  it('gives Info for exit 0, Error for a failure or a kill, Warning while unfinished', () => {
    expect(levelOf('stopped')).toBe('Info');
    expect(levelOf('failed')).toBe('Error');
    expect(levelOf('killed')).toBe('Error');
    expect(levelOf('running')).toBe('Warning');
    expect(eventPayload({ ...FACTS, status: 'failed', exitCode: 3 })['labels']).toEqual({
      'svc.event.class': 'svc',
      'svc.event.level': 'Error',
    });
  });

  it('dates with an explicit offset', () => {
    expect(isoWithOffset(FACTS.date)).toBe('2026-11-26T04:30:00.000+00:00');
    expect(Number.isNaN(Date.parse(isoWithOffset(new Date())))).toBe(false);
  });

  it('names the workflow and step of a workflow’s run', () => {
    const p = eventPayload({ ...FACTS, workflow: 'release', step: 2 });
    expect(p).toMatchObject({ workflow: 'release', step: 2 });
    expect(eventPayload(FACTS)).not.toHaveProperty('workflow');
  });
});
