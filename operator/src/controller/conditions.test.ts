import { describe, expect, it } from 'vitest';
import { ConditionSchema } from '../api/v1alpha1/s3bucket.ts';
import type { Condition } from '../api/v1alpha1/s3bucket.ts';
import { findCondition, READY, Reasons, rfc3339, setCondition, SYNCED } from './conditions.ts';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const T1 = new Date('2026-03-01T10:05:30.999Z');

const ready: Condition = {
  type: READY,
  status: 'True',
  reason: Reasons.Available,
  message: 'Bucket ready.',
  observedGeneration: 1,
  lastTransitionTime: '2026-03-01T10:00:00Z',
};

describe('setCondition', () => {
  it('keeps lastTransitionTime when the status is unchanged, even if reason and message change', () => {
    const next = setCondition(
      [ready],
      { type: READY, status: 'True', reason: Reasons.Synced, message: 'Still fine.' },
      2,
      T1,
    );
    expect(next, 'reason/message/generation updated, transition time kept').toEqual([
      { ...ready, reason: Reasons.Synced, message: 'Still fine.', observedGeneration: 2 },
    ]);
  });

  it('moves lastTransitionTime to now when the status changes', () => {
    const [c] = setCondition(
      [ready],
      { type: READY, status: 'False', reason: Reasons.ApiUnavailable, message: 'down' },
      1,
      T1,
    );
    expect(c?.lastTransitionTime, 'True -> False is a transition').toBe('2026-03-01T10:05:30Z');
    const [back] = setCondition(
      [c!],
      { type: READY, status: 'True', reason: Reasons.Available, message: 'ok' },
      1,
      T0,
    );
    expect(back?.lastTransitionTime, 'False -> True is a transition').toBe('2026-03-01T10:00:00Z');
  });

  it('appends a condition of a new type after the existing ones, leaving them unchanged', () => {
    const next = setCondition(
      [ready],
      { type: SYNCED, status: 'False', reason: Reasons.NameTaken, message: 'taken' },
      3,
      T1,
    );
    expect(next.map((c) => c.type)).toEqual([READY, SYNCED]);
    expect(next[0], 'Ready untouched').toEqual(ready);
    expect(next[1]).toEqual({
      type: SYNCED,
      status: 'False',
      reason: Reasons.NameTaken,
      message: 'taken',
      observedGeneration: 3,
      lastTransitionTime: '2026-03-01T10:05:30Z',
    });
  });

  it('starts from no conditions and replaces in place rather than duplicating a type', () => {
    const first = setCondition(
      undefined,
      { type: SYNCED, status: 'True', reason: Reasons.Synced, message: '' },
      1,
      T0,
    );
    const second = setCondition(
      [ready, ...first],
      { type: SYNCED, status: 'False', reason: Reasons.Forbidden, message: 'no' },
      1,
      T1,
    );
    expect(second.map((c) => `${c.type}=${c.status}`)).toEqual(['Ready=True', 'Synced=False']);
  });

  it('sets observedGeneration, and leaves it out when the generation is unknown', () => {
    const input = { type: READY, status: 'True' as const, reason: Reasons.Available, message: '' };
    expect(setCondition([], input, 7, T0)[0]?.observedGeneration).toBe(7);
    expect(setCondition([ready], input, undefined, T0)[0], 'no generation given').not.toHaveProperty(
      'observedGeneration',
    );
  });

  it('does not modify the list it was given', () => {
    const list = [ready];
    const snapshot = structuredClone(list);
    setCondition(list, { type: READY, status: 'False', reason: Reasons.Forbidden, message: 'x' }, 2, T1);
    setCondition(list, { type: SYNCED, status: 'False', reason: Reasons.Forbidden, message: 'x' }, 2, T1);
    expect(list).toEqual(snapshot);
  });
});

describe('findCondition', () => {
  it('finds by type, undefined when absent', () => {
    expect(findCondition([ready], READY)).toBe(ready);
    expect(findCondition([ready], SYNCED)).toBeUndefined();
    expect(findCondition(undefined, READY)).toBeUndefined();
  });
});

describe('rfc3339', () => {
  it('has second precision, in UTC with a Z', () => {
    expect(rfc3339(new Date('2026-03-01T10:05:30.999Z'))).toBe('2026-03-01T10:05:30Z');
    expect(rfc3339(new Date('2026-03-01T10:05:30.000Z'))).toBe('2026-03-01T10:05:30Z');
    expect(rfc3339(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 1)))).toBe('2026-01-02T03:04:05Z');
  });

  it('is accepted as a condition lastTransitionTime by the CRD schema', () => {
    const c = { ...ready, lastTransitionTime: rfc3339(T1) };
    expect(ConditionSchema.safeParse(c).success).toBe(true);
  });
});
