import { describe, expect, it } from 'vitest';
import { registry } from '../../core/registry.ts';
import '../index.ts';
import { eventLabel, hasLabel } from './labels.ts';

describe('the audit events’ labels', () => {
  it('names every registered event in words', () => {
    expect(registry.auditEvents().filter((e) => !hasLabel(e))).toEqual([]);
    expect(eventLabel('api_key.used')).toBe('API key used');
    expect(eventLabel('bucket.created')).toBe('Bucket created');
  });

  it('makes words of an event no label names yet', () => {
    expect(eventLabel('agent.config_changed')).toBe('Agent config changed');
  });
});
