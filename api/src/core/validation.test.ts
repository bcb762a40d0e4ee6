import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, jsonDepth, parseJsonText } from './validation.ts';

const Schema = z.object({
  name: z.string().min(3).max(5),
  size: z.number().int().max(10),
  kind: z.enum(['a', 'b']),
  owner: z.object({ id: z.uuid() }),
});

describe('fieldErrors', () => {
  it('gives one entry per field with a DRF-style code and a sentence', () => {
    const result = Schema.safeParse({ name: 'ab', size: 11, kind: 'c', owner: { id: 'nope' } });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual([
      { attr: 'name', code: 'min_length', detail: 'Ensure this field has at least 3 characters.' },
      { attr: 'size', code: 'max_value', detail: 'Ensure this value is less than or equal to 10.' },
      { attr: 'kind', code: 'invalid_choice', detail: 'Must be one of: a, b.' },
      { attr: 'owner.id', code: 'invalid', detail: 'Must be a valid UUID.' },
    ]);
  });

  it('says "required" for missing fields', () => {
    const result = Schema.safeParse({});
    const errors = fieldErrors(result.error!.issues);
    expect(errors.map((e) => [e.attr, e.code])).toEqual([
      ['name', 'required'],
      ['size', 'required'],
      ['kind', 'required'],
      ['owner', 'required'],
    ]);
    expect(errors[0]!.detail).toBe('This field is required.');
  });

  it('never copies the input into a message', () => {
    const result = z.object({ password: z.string().max(3) }).safeParse({ password: 'hunter2-secret' });
    expect(JSON.stringify(fieldErrors(result.error!.issues))).not.toContain('hunter2');
  });
});

describe('jsonDepth', () => {
  it('counts objects and arrays, scalars as 0, without recursing', () => {
    expect([
      jsonDepth('x'),
      jsonDepth(null),
      jsonDepth({}),
      jsonDepth([]),
      jsonDepth({ a: [1, { b: 2 }] }),
    ]).toEqual([0, 0, 1, 1, 3]);
    const d = 200_000;
    expect(jsonDepth(JSON.parse(`${'['.repeat(d)}${']'.repeat(d)}`))).toBe(d);
  });

  it("takes a refinement's code from params.code", () => {
    const result = z
      .object({ c: z.unknown().refine(() => false, { error: 'Too deep.', params: { code: 'max_depth' } }) })
      .safeParse({ c: 1 });
    expect(fieldErrors(result.error!.issues)).toEqual([
      { attr: 'c', code: 'max_depth', detail: 'Too deep.' },
    ]);
  });
});

describe('parseJsonText', () => {
  const Batch = z
    .object({ items: z.array(Schema.extend({ note: z.string().optional() }).strict()).max(3) })
    .strict();
  const item = { name: 'abc', size: 2, kind: 'a', owner: { id: '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f' } };

  it('answers as the schema does, through its compiled fast path', () => {
    const good = { items: [item, { ...item, note: 'n' }] };
    expect(parseJsonText(Batch, JSON.stringify(good))).toEqual({ data: Batch.parse(good) });
    // Twice: the second parse takes the compiled schema made by the first.
    expect(parseJsonText(Batch, JSON.stringify(good))).toEqual({ data: good });
    const bad = { items: [item, { ...item, size: 11, extra: 1 }, { ...item, owner: {} }], more: true };
    expect(parseJsonText(Batch, JSON.stringify(bad))).toEqual({
      invalid: fieldErrors(Batch.safeParse(bad).error!.issues),
    });
    expect((parseJsonText(Batch, JSON.stringify(bad)) as { invalid: unknown[] }).invalid).toHaveLength(4);
    expect(parseJsonText(Batch, '{"items": [')).toEqual({ notJson: true });
  });
});
